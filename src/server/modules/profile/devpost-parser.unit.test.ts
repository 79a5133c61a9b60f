import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assembleDevpostProfile,
  DevpostLayoutError,
  type ParsedProject,
  parseHackathonPage,
  parsePortfolioPage,
  parseProjectPage,
} from './devpost-parser.ts';

const base = 'https://devpost.com';
const fixturesDir = join(import.meta.dirname, '../../../../tests/fixtures/devpost');
const fixture = (name: string) => readFileSync(join(fixturesDir, name), 'utf8').replaceAll('{{BASE}}', base);

describe('parsePortfolioPage', () => {
  it('reads name, username, bio, links, skills, interests, counters and the portfolio entries', () => {
    const portfolio = parsePortfolioPage(fixture('profile-jane-doe.html'), `${base}/jane_doe`);
    expect(portfolio).toMatchObject({
      username: 'jane_doe',
      name: 'Jane Doe',
      bio: "Full-stack developer & ML tinkerer. I like building things that sort the world's recycling.",
      links: {
        github: 'https://github.com/jane-doe-dev',
        linkedin: 'https://www.linkedin.com/in/jane-doe-dev',
        website: 'https://janedoe.dev/',
        twitter: 'https://twitter.com/janedoe_codes',
      },
      skills: ['python', 'react', 'tensorflow', 'postgresql'],
      interests: ['Machine Learning/AI', 'Social Good'],
      totals: { projects: 4, hackathons: 3 },
    });
    expect(portfolio.entries).toEqual([
      {
        name: 'Smart Recycle',
        url: `${base}/software/smart-recycle`,
        tagline: 'Sorting recycling with computer vision',
        winner: true,
        members: ['Jane Doe', 'Sam Lee'],
      },
      // A relative link resolves against the page.
      expect.objectContaining({ name: 'Study Buddy', url: `${base}/software/study-buddy`, winner: false }),
      expect.objectContaining({ name: 'Pixel Garden', winner: false, members: [] }),
      expect.objectContaining({ name: 'Night Owl', winner: true }),
    ]);
  });

  it('reads a profile without projects', () => {
    const portfolio = parsePortfolioPage(fixture('profile-new-user.html'), `${base}/new_user`);
    expect(portfolio).toMatchObject({ username: 'new_user', name: 'New User', bio: null, entries: [], skills: [] });
    expect(portfolio.totals).toEqual({ projects: 0, hackathons: 0 });
  });

  it.each(['profile-redesigned.html', 'project-smart-recycle.html'])(
    'refuses %s as a layout it does not know',
    (name) => {
      expect(() => parsePortfolioPage(fixture(name), `${base}/x`)).toThrow(DevpostLayoutError);
    },
  );

  it('refuses an empty or non-HTML answer as a layout change, never crashing', () => {
    expect(() => parsePortfolioPage('', `${base}/x`)).toThrow(DevpostLayoutError);
    expect(() => parsePortfolioPage('{"user":"x"}', `${base}/x`)).toThrow(DevpostLayoutError);
  });
});

describe('parseProjectPage', () => {
  it('reads title, tagline, Built With, the GitHub link, members and prizes', () => {
    expect(parseProjectPage(fixture('project-smart-recycle.html'), `${base}/software/smart-recycle`)).toEqual({
      title: 'Smart Recycle',
      tagline: 'Sorting recycling with computer vision',
      technologies: ['python', 'tensorflow', 'raspberry-pi', 'flask', 'opencv'],
      // The "Try it out" link wins over a link in the story.
      githubLink: 'https://github.com/jane-doe-dev/smart-recycle',
      members: ['Jane Doe', 'Sam Lee', 'Priya Okafor'],
      submissions: [
        {
          hackathon: 'Hack the North 2023',
          link: `${base}/hackathons/hack-the-north-2023/`,
          prizes: ['1st Place Overall', 'Best Use of Google Cloud'],
        },
      ],
      date: '2023-09-17T15:42:00-04:00',
    });
  });

  it('reads a project with no hackathon and no GitHub link', () => {
    expect(parseProjectPage(fixture('project-pixel-garden.html'), `${base}/software/pixel-garden`)).toMatchObject({
      title: 'Pixel Garden',
      technologies: ['p5.js', 'javascript'],
      githubLink: null,
      submissions: [],
      date: '2022-05-02T10:00:00Z',
    });
  });

  it('keeps a winner label without a prize name as an empty prize', () => {
    expect(parseProjectPage(fixture('project-night-owl.html'), `${base}/software/night-owl`)?.submissions).toEqual([
      { hackathon: 'HackMIT 2022', link: 'https://hackmit.org/', prizes: [''] },
    ]);
  });

  it('answers null for a page that is not a project page', () => {
    expect(parseProjectPage(fixture('profile-jane-doe.html'), `${base}/software/x`)).toBeNull();
  });
});

describe('parseHackathonPage', () => {
  it('reads the description and a machine-readable deadline', () => {
    expect(parseHackathonPage(fixture('hackathon-hack-the-north-2023.html'))).toEqual({
      description: "Canada's biggest hackathon: 36 hours of building in Waterloo.",
      deadline: '2023-09-17T09:00:00-04:00',
    });
  });

  it('reads a deadline shown only as text', () => {
    expect(parseHackathonPage(fixture('hackathon-mchacks-11.html'))).toEqual({
      description: "McGill's annual hackathon",
      deadline: 'Feb 4, 2024 @ 10:00am EST',
    });
  });

  it('answers nulls for a page without either', () => {
    expect(parseHackathonPage('<html><body>Hi</body></html>')).toEqual({ description: null, deadline: null });
  });
});

describe('assembleDevpostProfile', () => {
  const portfolio = parsePortfolioPage(fixture('profile-jane-doe.html'), `${base}/jane_doe`);
  const project = (name: string) => parseProjectPage(fixture(`project-${name}.html`), `${base}/software/${name}`);
  const projects = new Map<string, ParsedProject | null>([
    [`${base}/software/smart-recycle`, project('smart-recycle')],
    [`${base}/software/study-buddy`, project('study-buddy')],
    [`${base}/software/pixel-garden`, project('pixel-garden')],
    [`${base}/software/night-owl`, project('night-owl')],
  ]);
  const hackathons = new Map([
    [`${base}/hackathons/hack-the-north-2023/`, parseHackathonPage(fixture('hackathon-hack-the-north-2023.html'))],
    [`${base}/hackathons/mchacks-11/`, parseHackathonPage(fixture('hackathon-mchacks-11.html'))],
  ]);
  const now = new Date('2026-11-22T12:00:00Z');

  it('builds the spec’s Devpost profile (hand-checked against the fixtures)', () => {
    const profile = assembleDevpostProfile({ requestedUsername: 'JANE_DOE', portfolio, projects, hackathons, now });
    expect(profile).toMatchObject({
      username: 'jane_doe',
      name: 'Jane Doe',
      stats: { projectCount: 4, hackathonCount: 3, winCount: 2 },
      // Smart Recycle: 2 prizes (one "1st Place"); Night Owl: a winner label without a prize name counts once.
      achievements: { totalWins: 3, firstPlaceWins: 1 },
      hackathons: { participationByYear: { '2022': 1, '2023': 1, '2024': 1 } },
      fetchedAt: '2026-11-22T12:00:00.000Z',
    });
    expect(profile.projectsAndHackathons).toEqual([
      {
        hackathon: 'Hack the North 2023',
        hackathon_link: `${base}/hackathons/hack-the-north-2023/`,
        project: 'Smart Recycle',
        project_link: `${base}/software/smart-recycle`,
        year: 2023,
        description: 'Sorting recycling with computer vision',
        members: ['Jane Doe', 'Sam Lee', 'Priya Okafor'],
        technologies: ['python', 'tensorflow', 'raspberry-pi', 'flask', 'opencv'],
        win: '1st Place Overall',
        prizes: [{ prize_text: '1st Place Overall' }, { prize_text: 'Best Use of Google Cloud' }],
        github_link: 'https://github.com/jane-doe-dev/smart-recycle',
        hackathon_details: {
          description: "Canada's biggest hackathon: 36 hours of building in Waterloo.",
          deadline: '2023-09-17T09:00:00-04:00',
        },
      },
      expect.objectContaining({
        hackathon: 'McHacks 11',
        project: 'Study Buddy',
        // No year in the name: the deadline's.
        year: 2024,
        win: 'no',
        prizes: [],
        github_link: 'https://www.github.com/jane-doe-dev/study-buddy/',
      }),
      expect.objectContaining({
        hackathon: null,
        hackathon_link: null,
        project: 'Pixel Garden',
        // No hackathon: the project's own date.
        year: 2022,
        win: 'no',
        hackathon_details: { description: null, deadline: null },
      }),
      expect.objectContaining({
        hackathon: 'HackMIT 2022',
        year: 2022,
        win: 'yes',
        prizes: [],
        members: ['Jane Doe', 'Mo K.'],
      }),
    ]);
  });

  it('falls back to the portfolio entry when a project page could not be read', () => {
    const profile = assembleDevpostProfile({
      requestedUsername: 'jane_doe',
      portfolio,
      projects: new Map(),
      hackathons: new Map(),
      now,
    });
    expect(profile.projectsAndHackathons[0]).toEqual({
      hackathon: null,
      hackathon_link: null,
      project: 'Smart Recycle',
      project_link: `${base}/software/smart-recycle`,
      year: null,
      description: 'Sorting recycling with computer vision',
      members: ['Jane Doe', 'Sam Lee'],
      technologies: [],
      win: 'yes',
      prizes: [],
      github_link: null,
      hackathon_details: { description: null, deadline: null },
    });
    expect(profile.stats).toEqual({ projectCount: 4, hackathonCount: 3, winCount: 2 });
  });
});
