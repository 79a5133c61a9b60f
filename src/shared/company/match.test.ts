import { describe, expect, it } from 'vitest';
import {
  computeMatch,
  describeMatchPart,
  devpostPart,
  githubPart,
  graduationFit,
  skillKey,
  skillsPart,
} from './match.ts';

const at = new Date('2026-11-25T10:00:00Z');

describe('match: skills part', () => {
  it('counts the required skills the student lists, ignoring case, spaces and punctuation', () => {
    const part = skillsPart(['TypeScript', 'React', 'Node.js', 'SQL', 'Go'], ['typescript', 'react', 'NodeJS', 'sql']);
    expect(part).toMatchObject({ matched: 4, required: 5, missing: ['Go'], points: 40, max: 50 });
    expect(describeMatchPart(part)).toBe('4 of 5 required skills');
  });

  it('keeps C++ and C# apart from C', () => {
    expect(skillKey('C++')).toBe('c++');
    expect(skillsPart(['C++'], ['C']).matched).toBe(0);
    expect(skillsPart(['C#'], ['c#']).matched).toBe(1);
  });

  it('gives the whole 50 when the job requires no skill', () => {
    expect(skillsPart([], ['Rust'])).toMatchObject({ points: 50, required: 0 });
  });

  it('leaves the part out (max 0) when the profile lists no skills, instead of "0 of N"', () => {
    const part = skillsPart(['TypeScript', 'Robotics'], []);
    expect(part).toMatchObject({ points: 0, max: 0, required: 2, notListed: true });
    expect(describeMatchPart(part)).toBe('No skills on the profile (not counted; 2 required)');
    // Listing some skills, none of them required, is a real 0 of 2.
    expect(skillsPart(['TypeScript', 'Robotics'], ['Cobol'])).toMatchObject({ points: 0, max: 50, matched: 0 });
  });
});

describe('match: graduation part', () => {
  it('fits internships to students who graduate after this year', () => {
    expect(graduationFit('Internship', 2027, at)).toBe('fits');
    expect(graduationFit('Internship', 2026, at)).toBe('close');
    expect(graduationFit('Internship', 2024, at)).toBe('far');
  });

  it('fits new-grad jobs to a year either side of now', () => {
    expect(graduationFit('New Grad', 2025, at)).toBe('fits');
    expect(graduationFit('New Grad', 2027, at)).toBe('fits');
    expect(graduationFit('New Grad', 2028, at)).toBe('close');
    expect(graduationFit('New Grad', 2030, at)).toBe('far');
  });

  it('fits full-time jobs to people graduating by next year, and knows nothing without a year', () => {
    expect(graduationFit('Full-time', 2020, at)).toBe('fits');
    expect(graduationFit('Full-time', 2028, at)).toBe('close');
    expect(graduationFit('Full-time', 2029, at)).toBe('far');
    expect(graduationFit('Full-time', null, at)).toBe('unknown');
  });
});

describe('match: GitHub and Devpost parts', () => {
  it('scores GitHub contributions in tiers and 0 without a profile', () => {
    expect(githubPart(null)).toMatchObject({ points: 0, contributions: null });
    expect(githubPart({ contributionCount: 0, repoCount: 1 }).points).toBe(0);
    expect(githubPart({ contributionCount: 49, repoCount: 1 }).points).toBe(4);
    expect(githubPart({ contributionCount: 50, repoCount: 1 }).points).toBe(8);
    expect(githubPart({ contributionCount: 250, repoCount: 1 }).points).toBe(12);
    expect(githubPart({ contributionCount: 1200, repoCount: 9 })).toMatchObject({ points: 15, repos: 9 });
  });

  it('scores Devpost projects (capped at 5) and wins', () => {
    const part = devpostPart({ stats: { projectCount: 12, winCount: 2 } });
    expect(part).toMatchObject({ points: 15, projects: 12, wins: 2 });
    expect(describeMatchPart(part)).toBe('12 hackathon projects, 2 wins');
    expect(devpostPart({ stats: { projectCount: 1, winCount: 1 } }).points).toBe(5);
    expect(devpostPart(null).points).toBe(0);
  });
});

describe('computeMatch', () => {
  it('adds the parts into a 0-100 score and returns each part', () => {
    const match = computeMatch({
      job: { type: 'Internship', skills: ['TypeScript', 'React', 'Node.js', 'SQL', 'Go'] },
      applicant: {
        skills: ['TypeScript', 'React', 'Node.js', 'SQL'],
        graduationYear: 2027,
        github: { contributionCount: 300, repoCount: 20 },
        devpost: { stats: { projectCount: 3, winCount: 1 } },
      },
      at,
    });
    expect(match.parts.map((part) => part.key)).toEqual(['skills', 'graduation', 'github', 'devpost']);
    expect(match.score).toBe(40 + 20 + 12 + 9);
  });

  it('reaches 100 for a perfect applicant and 0 for one with nothing', () => {
    const perfect = computeMatch({
      job: { type: 'New Grad', skills: ['Python'] },
      applicant: {
        skills: ['python'],
        graduationYear: 2026,
        github: { contributionCount: 900, repoCount: 3 },
        devpost: { stats: { projectCount: 5, winCount: 3 } },
      },
      at,
    });
    expect(perfect.score).toBe(100);
    const nothing = computeMatch({
      job: { type: 'Internship', skills: ['Python'] },
      applicant: { skills: [], graduationYear: null, github: null, devpost: null },
      at,
    });
    expect(nothing.score).toBe(0);
  });

  it('scores a student without profile skills on the other parts alone, not under one missing every skill', () => {
    const applicant = {
      graduationYear: 2027,
      github: { contributionCount: 250, repoCount: 4 },
      devpost: { stats: { projectCount: 1, winCount: 0 } },
    };
    const job = { type: 'Internship', skills: ['TypeScript', 'Robotics'] };
    const unasked = computeMatch({ job, applicant: { ...applicant, skills: [] }, at });
    const wrong = computeMatch({ job, applicant: { ...applicant, skills: ['Cobol'] }, at });
    // 20 + 12 + 2 out of the 50 points the other parts can give.
    expect(unasked.score).toBe(Math.round((100 * 34) / 50));
    expect(wrong.score).toBe(34);
    expect(unasked.score).toBeGreaterThan(wrong.score);
  });
});
