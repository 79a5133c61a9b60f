import type { DevpostProfile, DevpostProjectEntry } from '../../../shared/devpost/devpost-profile.ts';
import {
  attribute,
  byClass,
  byId,
  byTag,
  findAll,
  findFirst,
  type HtmlElement,
  hasClass,
  nextSiblings,
  ownText,
  parseHtml,
  textOf,
} from './html-document.ts';

// Reads Devpost's public pages (server-rendered HTML) into the Devpost profile of spec section 3. Pure: fetching is
// devpost.service.ts's job. The markers each page must have are checked explicitly, so a redesign of Devpost reads
// as DevpostLayoutError rather than an empty profile.

export class DevpostLayoutError extends Error {
  override name = 'DevpostLayoutError';
}

export type PortfolioEntry = {
  name: string;
  url: string;
  tagline: string | null;
  /** The portfolio shows a winner badge on the entry. */
  winner: boolean;
  members: string[];
};

export type ParsedPortfolio = {
  /** As Devpost spells it: "Jane Doe (jane_doe)". */
  username: string | null;
  name: string | null;
  bio: string | null;
  links: DevpostProfile['links'];
  skills: string[];
  interests: string[];
  /** The navigation's counters ("Projects 4", "Hackathons 3"), when shown. */
  totals: { projects: number | null; hackathons: number | null };
  entries: PortfolioEntry[];
};

export type ProjectSubmission = {
  hackathon: string;
  link: string | null;
  /** Prize names; '' for a winner label without one. */
  prizes: string[];
};

export type ParsedProject = {
  title: string;
  tagline: string | null;
  technologies: string[];
  githubLink: string | null;
  members: string[];
  submissions: ProjectSubmission[];
  /** The first dated thing on the page (an update), ISO 8601. */
  date: string | null;
};

export type ParsedHackathon = {
  description: string | null;
  /** ISO 8601 when the page gives a machine-readable date, else the text it shows. */
  deadline: string | null;
};

function resolveUrl(href: string | null, pageUrl: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function hostOf(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
}

function unique(values: Iterable<string>): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const value of values) {
    const key = value.toLowerCase();
    if (value && !seen.has(key)) {
      seen.add(key);
      result.push(value);
    }
  }
  return result;
}

const orNull = (text: string) => (text === '' ? null : text);

function firstNonEmpty<T>(...lists: T[][]): T[] {
  return lists.find((list) => list.length > 0) ?? [];
}

/** Tags listed under a heading such as <h5>Skills</h5>: the .cp-tag texts (or list items) until the next heading. */
function tagsUnderHeading(root: HtmlElement, label: string): string[] {
  const heading = findFirst(
    root,
    (element) => /^(h[1-6]|strong|dt)$/.test(element.tag) && ownText(element).toLowerCase() === label.toLowerCase(),
  );
  if (!heading) return [];
  const tags: string[] = [];
  for (const sibling of nextSiblings(heading)) {
    if (/^h[1-6]$/.test(sibling.tag)) break;
    const cpTags = findAll(sibling, byClass('cp-tag'));
    const pieces = cpTags.length > 0 ? cpTags : hasClass(sibling, 'cp-tag') ? [sibling] : findAll(sibling, byTag('li'));
    tags.push(...pieces.map((piece) => textOf(piece)));
  }
  return unique(tags);
}

function classifyLinks(anchors: HtmlElement[], pageUrl: string): DevpostProfile['links'] {
  const links: DevpostProfile['links'] = { github: null, linkedin: null, website: null, twitter: null };
  for (const anchor of anchors) {
    const url = resolveUrl(attribute(anchor, 'href'), pageUrl);
    if (!url) continue;
    const host = hostOf(url);
    if (host === 'github.com') links.github ??= url;
    else if (host === 'linkedin.com' || host.endsWith('.linkedin.com')) links.linkedin ??= url;
    else if (host === 'twitter.com' || host === 'x.com') links.twitter ??= url;
    else if (host !== 'devpost.com' && !host.endsWith('.devpost.com')) links.website ??= url;
  }
  return links;
}

function navigationTotals(root: HtmlElement): ParsedPortfolio['totals'] {
  const totals: ParsedPortfolio['totals'] = { projects: null, hackathons: null };
  for (const counter of findAll(root, byClass('totals'))) {
    const anchor = counter.parent;
    if (!anchor) continue;
    const count = Number.parseInt(textOf(counter).replace(/[^\d]/g, ''), 10);
    if (!Number.isFinite(count)) continue;
    const label = textOf(anchor).replace(textOf(counter), '').trim().toLowerCase();
    if (label === 'projects' || label === 'software') totals.projects ??= count;
    if (label === 'hackathons' || label === 'challenges') totals.hackathons ??= count;
  }
  return totals;
}

/** The portfolio page, devpost.com/<username>. Throws DevpostLayoutError when it does not look like one. */
export function parsePortfolioPage(html: string, pageUrl: string): ParsedPortfolio {
  const root = parseHtml(html);
  const nameHeading = findFirst(root, byId('portfolio-user-name'));
  if (!nameHeading) throw new DevpostLayoutError('The profile page has no #portfolio-user-name');

  const small = findFirst(nameHeading, byTag('small'));
  const shownUsername = textOf(small)
    .replace(/^\(|\)$/g, '')
    .trim();
  const name = textOf(nameHeading).replace(textOf(small), '').trim();

  const linkList = findFirst(root, byId('portfolio-user-links'));
  const entries: PortfolioEntry[] = [];
  const seen = new Set<string>();
  for (const item of findAll(root, byClass('gallery-item'))) {
    const anchor =
      findFirst(item, (element) => element.tag === 'a' && hasClass(element, 'link-to-software')) ??
      findFirst(item, (element) => element.tag === 'a' && /\/software\/[^/]+/.test(attribute(element, 'href') ?? ''));
    const url = resolveUrl(attribute(anchor, 'href'), pageUrl);
    if (!anchor || !url || seen.has(url)) continue;
    seen.add(url);
    const title =
      textOf(findFirst(item, byTag('h5', 'h4', 'h3'))) ||
      attribute(findFirst(item, byClass('software_thumbnail_image')), 'alt') ||
      decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    const winnerBadge = findFirst(
      item,
      (element) => hasClass(element, 'winner') || (element.tag === 'img' && attribute(element, 'alt') === 'Winner'),
    );
    entries.push({
      name: title,
      url,
      tagline: orNull(textOf(findFirst(item, byClass('tagline')))),
      winner: winnerBadge !== null,
      members: unique(findAll(item, byClass('user-photo')).map((photo) => attribute(photo, 'alt') ?? '')),
    });
  }

  return {
    username: orNull(shownUsername),
    name: orNull(name),
    bio: orNull(textOf(findFirst(root, byId('portfolio-user-bio')))),
    links: classifyLinks(linkList ? findAll(linkList, byTag('a')) : [], pageUrl),
    skills: tagsUnderHeading(root, 'Skills'),
    interests: tagsUnderHeading(root, 'Interests'),
    totals: navigationTotals(root),
    entries,
  };
}

/** A project page, devpost.com/software/<slug>; null when it does not look like one. */
export function parseProjectPage(html: string, pageUrl: string): ParsedProject | null {
  const root = parseHtml(html);
  const titleElement = findFirst(root, byId('app-title'));
  if (!titleElement) return null;

  const taglineElement = nextSiblings(titleElement).find((element) => element.tag === 'p') ?? null;

  const builtWith = findFirst(root, byId('built-with'));
  const technologies = builtWith
    ? unique(
        firstNonEmpty(findAll(builtWith, byClass('cp-tag')), findAll(builtWith, byTag('li'))).map((tag) => textOf(tag)),
      )
    : [];

  // The "Try it out" links first, then any link in the story.
  const tryItOut =
    findFirst(root, (element) => element.attributes.get('data-role') === 'software-urls') ??
    findFirst(root, byClass('app-links'));
  const details = findFirst(root, byId('app-details-left')) ?? root;
  const candidates = [...(tryItOut ? findAll(tryItOut, byTag('a')) : []), ...findAll(details, byTag('a'))];
  const githubLink =
    candidates
      .map((anchor) => resolveUrl(attribute(anchor, 'href'), pageUrl))
      .find((url) => url !== null && hostOf(url) === 'github.com') ?? null;

  const team = findFirst(root, byId('app-team'));
  const members = team
    ? unique(
        firstNonEmpty(
          findAll(team, byClass('user-profile-link')).map((link) => textOf(link)),
          findAll(team, byClass('user-photo')).map((photo) => attribute(photo, 'alt') ?? ''),
        ),
      )
    : [];

  const submissions: ProjectSubmission[] = [];
  const submissionList = findFirst(root, byId('submissions'));
  if (submissionList) {
    for (const content of findAll(submissionList, byClass('software-list-content'))) {
      const anchor = findFirst(content, byTag('a'));
      const hackathon = textOf(anchor) || textOf(findFirst(content, byTag('p')));
      if (!hackathon) continue;
      const prizes = findAll(content, (element) => element.tag === 'span' && hasClass(element, 'winner')).map(
        (label) => (label.parent ? textOf(label.parent).replace(textOf(label), '').trim() : ''),
      );
      submissions.push({ hackathon, link: resolveUrl(attribute(anchor, 'href'), pageUrl), prizes });
    }
  }

  const dated = findFirst(root, (element) => element.tag === 'time' && element.attributes.has('datetime'));
  return {
    title: textOf(titleElement),
    tagline: orNull(textOf(taglineElement)),
    technologies,
    githubLink,
    members,
    submissions,
    date: attribute(dated, 'datetime'),
  };
}

function metaContent(root: HtmlElement, ...names: string[]): string | null {
  for (const name of names) {
    const named = (element: HtmlElement) =>
      attribute(element, 'name') === name || attribute(element, 'property') === name;
    const meta = findFirst(root, (element) => element.tag === 'meta' && named(element));
    const content = attribute(meta, 'content')?.trim();
    if (content) return content;
  }
  return null;
}

/** A hackathon's site: its description and submission deadline, each null when the page does not say. */
export function parseHackathonPage(html: string): ParsedHackathon {
  const root = parseHtml(html);
  const description =
    metaContent(root, 'description', 'og:description') ??
    orNull(textOf(findFirst(root, byId('challenge-description'))));

  let deadline: string | null = null;
  // Own text only: reading the whole text of every div would be quadratic on deeply nested pages.
  const label = findFirst(
    root,
    (element) => /^(h[1-6]|strong|dt|span|div)$/.test(element.tag) && /^deadline:?$/i.test(ownText(element)),
  );
  if (label?.parent) {
    const time = findFirst(label.parent, (element) => element.tag === 'time');
    deadline = attribute(time, 'datetime') ?? orNull(textOf(time));
    if (!deadline) deadline = orNull(textOf(label.parent).replace(/^deadline:?\s*/i, ''));
  }
  return { description, deadline };
}

const firstPlacePattern = /\b(1st|first)\b|\bgrand prize\b|\boverall winner\b/i;

function yearFrom(...texts: (string | null | undefined)[]): number | null {
  for (const text of texts) {
    const match = text ? /\b(19[89]\d|20\d{2})\b/.exec(text) : null;
    if (match?.[1]) return Number(match[1]);
  }
  return null;
}

export type AssembleDevpostProfileInput = {
  requestedUsername: string;
  portfolio: ParsedPortfolio;
  /** By project URL; null when the page could not be read (the portfolio entry is used alone). */
  projects: Map<string, ParsedProject | null>;
  /** By hackathon link; absent or null when not read. */
  hackathons: Map<string, ParsedHackathon | null>;
  now: Date;
};

/** The primary submission: the first one that won something, else the first. */
function primarySubmission(project: ParsedProject | null): ProjectSubmission | null {
  if (!project) return null;
  return project.submissions.find((submission) => submission.prizes.length > 0) ?? project.submissions[0] ?? null;
}

export function assembleDevpostProfile({
  requestedUsername,
  portfolio,
  projects,
  hackathons,
  now,
}: AssembleDevpostProfileInput): DevpostProfile {
  const entries: DevpostProjectEntry[] = portfolio.entries.map((entry) => {
    const project = projects.get(entry.url) ?? null;
    const submission = primarySubmission(project);
    const details = submission?.link ? (hackathons.get(submission.link) ?? null) : null;
    const prizes = (submission?.prizes ?? []).filter((prize) => prize !== '').map((prize_text) => ({ prize_text }));
    const won = entry.winner || (submission?.prizes.length ?? 0) > 0;
    return {
      hackathon: submission?.hackathon ?? null,
      hackathon_link: submission?.link ?? null,
      project: project?.title || entry.name,
      project_link: entry.url,
      year: yearFrom(details?.deadline, submission?.hackathon, project?.date),
      description: project?.tagline ?? entry.tagline,
      members: project && project.members.length > 0 ? project.members : entry.members,
      technologies: project?.technologies ?? [],
      win: prizes[0]?.prize_text ?? (won ? 'yes' : 'no'),
      prizes,
      github_link: project?.githubLink ?? null,
      hackathon_details: { description: details?.description ?? null, deadline: details?.deadline ?? null },
    };
  });

  const hackathonYears = new Map<string, number | null>();
  for (const entry of entries) {
    if (!entry.hackathon) continue;
    const key = (entry.hackathon_link ?? entry.hackathon).toLowerCase();
    if (!hackathonYears.has(key) || hackathonYears.get(key) === null) hackathonYears.set(key, entry.year);
  }
  const participationByYear: Record<string, number> = {};
  for (const year of hackathonYears.values()) {
    if (year !== null) participationByYear[String(year)] = (participationByYear[String(year)] ?? 0) + 1;
  }

  const winningEntries = entries.filter((entry) => entry.win !== 'no');
  const totalWins = winningEntries.reduce((sum, entry) => sum + Math.max(1, entry.prizes.length), 0);
  const firstPlaceWins = entries.reduce(
    (sum, entry) => sum + entry.prizes.filter((prize) => firstPlacePattern.test(prize.prize_text)).length,
    0,
  );

  return {
    username: portfolio.username ?? requestedUsername,
    name: portfolio.name,
    bio: portfolio.bio,
    links: portfolio.links,
    stats: {
      projectCount: portfolio.totals.projects ?? entries.length,
      hackathonCount: portfolio.totals.hackathons ?? hackathonYears.size,
      winCount: winningEntries.length,
    },
    achievements: { totalWins, firstPlaceWins },
    skills: portfolio.skills,
    interests: portfolio.interests,
    projectsAndHackathons: entries,
    hackathons: { participationByYear },
    fetchedAt: now.toISOString(),
  };
}
