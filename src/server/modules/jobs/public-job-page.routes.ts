import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { contentAnswer } from '../../http/route-schemas.ts';
import { logoUrl } from '../files/index.ts';
import {
  findOpenFeaturedJob,
  isFeaturedJobHidden,
  listOpenFeaturedJobs,
  type PublicJobRow,
} from './jobs.repository.ts';
import { pageLocale } from '../app-pages/index.ts';
import type { Locale } from '../../../shared/locale.ts';
import { normalizePlace } from '../../../shared/jobs/normalize-place.ts';
import type { DegreeLevel, JobFamily, Sponsorship, TermKey, TermSeason } from '../../../shared/jobs/job-criteria.ts';
import { clientPaths } from '../../../shared/client-routes.ts';

// Public featured-job pages for visitors and search engines: GET /jobs/{slug} answers the SPA shell
// (STATIC_DIR/index.html) with the job's title, organization, location and description already in the HTML, its
// <title>, meta description, Open Graph tags and schema.org JobPosting JSON-LD (Google's required fields). A closed
// or expired job answers 404. Also /sitemap.xml and /robots.txt. Self-contained: it only needs the shell's HTML.

/** The public pages listed in the sitemap besides the jobs. */
const publicPaths = ['/', '/sign-in', '/privacy', '/terms-and-conditions', '/pricing', '/catalog'];

/** The signed-in pages under /jobs (applied, saved, dismissed): not job slugs. */
const signedInJobPaths: readonly string[] = [clientPaths.appliedJobs, clientPaths.savedJobs, clientPaths.dismissedJobs];

// Signed-in areas and the API stay out of search engines.
// `/jobs$` is the board itself (signed in); `$` ends a rule for the major crawlers, so `/jobs/{slug}` stays allowed.
const disallowedPaths = [
  '/api/',
  '/dashboard',
  '/account',
  clientPaths.alerts,
  '/jobs$',
  ...signedInJobPaths,
  '/auth/',
  '/admin',
];

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character]!);
}

/** JSON inside <script>: "</script>" and "<!--" must not end or change the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** schema.org employmentType from the partner's free-text type. */
function employmentType(type: string): string {
  const key = type.toLowerCase();
  if (key.includes('intern') || key.includes('co-op') || key.includes('stage')) return 'INTERN';
  if (key.includes('part')) return 'PART_TIME';
  if (key.includes('contract')) return 'CONTRACTOR';
  return 'FULL_TIME';
}

// The page's copy is in English (the app translates once it starts); the words are the app's English ones.
const familyNames: Record<JobFamily, string> = {
  software: 'Software',
  'ai-ml-data': 'AI, ML & Data',
  hardware: 'Hardware',
  product: 'Product',
  quant: 'Quant',
  other: 'Other roles',
};
const degreeNames: Record<DegreeLevel, string> = {
  associate: "Associate's",
  bachelor: "Bachelor's",
  master: "Master's",
  phd: 'PhD',
  mba: 'MBA',
  other: 'Other degree',
};
const seasonNames: Record<TermSeason, string> = { winter: 'Winter', spring: 'Spring', summer: 'Summer', fall: 'Fall' };
const sponsorshipNames: Record<Sponsorship, string> = {
  yes: 'Sponsors visas',
  no: 'Does not sponsor visas',
  unknown: 'Sponsorship not stated',
};

function termName(term: TermKey): string {
  const [season, year] = term.split('-') as [TermSeason, string];
  return `${seasonNames[season]} ${year}`;
}

/** "Software · Summer 2026 · Bachelor's, Master's": what the job is and asks for, as the app's job page says it. */
export function criteriaLine(row: Pick<PublicJobRow, 'family' | 'terms' | 'degreeLevels'>): string {
  const degrees =
    row.degreeLevels.length > 0
      ? row.degreeLevels.map((level) => degreeNames[level]).join(', ')
      : // A job posted with a family declared its degrees: none means any. Older jobs never said.
        row.family
        ? 'Any degree'
        : 'Degree not stated';
  return [
    row.family ? familyNames[row.family] : null,
    row.terms.length > 0 ? row.terms.map(termName).join(', ') : null,
    degrees,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

// schema.org credential categories Google reads; the lowest level the job accepts is its requirement.
const credentialCategories: Partial<Record<DegreeLevel, string>> = {
  associate: 'associate degree',
  bachelor: 'bachelor degree',
  master: 'postgraduate degree',
  phd: 'postgraduate degree',
  mba: 'postgraduate degree',
};

/** The JobPosting structured data Google's job posting guidelines ask for. */
export function jobPostingJsonLd(row: PublicJobRow, origin: string): Record<string, unknown> {
  const place = normalizePlace(row.location);
  const logo = row.organizationLogoPath ? new URL(logoUrl(row.organizationLogoPath), origin).href : undefined;
  const posting: Record<string, unknown> = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: row.title,
    description: [row.description, row.requirements]
      .filter((part) => part.trim())
      .map((part) => `<p>${escapeHtml(part)}</p>`)
      .join(''),
    datePosted: row.postingDate.toISOString(),
    hiringOrganization: { '@type': 'Organization', name: row.organizationName, ...(logo ? { logo } : {}) },
    employmentType: employmentType(row.type),
    directApply: true,
    url: `${origin}/jobs/${encodeURIComponent(row.slug)}`,
  };
  if (row.endPostingDate) posting.validThrough = row.endPostingDate.toISOString();
  const lowest = row.degreeLevels.map((level) => credentialCategories[level]).find((category) => category);
  if (lowest)
    posting.educationRequirements = { '@type': 'EducationalOccupationalCredential', credentialCategory: lowest };
  if (place.mode === 'remote') {
    posting.jobLocationType = 'TELECOMMUTE';
    if (place.country) posting.applicantLocationRequirements = { '@type': 'Country', name: place.country };
  } else {
    posting.jobLocation = {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(place.city ? { addressLocality: place.city } : {}),
        ...(place.region ? { addressRegion: place.region } : {}),
        addressCountry: place.country ?? row.location,
      },
    };
  }
  return posting;
}

/** The shell with the job's head tags and a readable copy of the job inside #root (React replaces it on start). */
export function renderJobPage(shell: string, row: PublicJobRow, origin: string): string {
  const url = `${origin}/jobs/${encodeURIComponent(row.slug)}`;
  const title = `${row.title} at ${row.organizationName}`;
  const description = summary(`${row.organizationName} · ${row.location} · ${row.description}`);
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta name="twitter:card" content="summary">`,
    `<script type="application/ld+json">${scriptJson(jobPostingJsonLd(row, origin))}</script>`,
  ].join('\n    ');
  const body =
    `<main data-prerendered-job><h1>${escapeHtml(row.title)}</h1>` +
    `<p>${escapeHtml(row.organizationName)} · ${escapeHtml(row.location)} · ${escapeHtml(row.type)}</p>` +
    `<p>${escapeHtml(criteriaLine(row))}</p>` +
    `<p>${escapeHtml(sponsorshipNames[row.sponsorship])}</p>` +
    `<section>${row.description
      .split(/\n{2,}/)
      .map((part) => `<p>${escapeHtml(part)}</p>`)
      .join('')}</section>` +
    `<section>${row.requirements
      .split(/\n{2,}/)
      .map((part) => `<p>${escapeHtml(part)}</p>`)
      .join('')}</section>` +
    (row.skills.length > 0 ? `<ul>${row.skills.map((skill) => `<li>${escapeHtml(skill)}</li>`).join('')}</ul>` : '') +
    `<p><a href="/jobs/${encodeURIComponent(row.slug)}/apply">Apply</a></p></main>`;
  const withoutTitle = shell.replace(/<title>[\s\S]*?<\/title>/i, '').replace(/<meta\s+name="description"[^>]*>/i, '');
  return withoutTitle
    .replace(/<\/head>/i, `    ${head}\n  </head>`)
    .replace(/<div id="root">\s*<\/div>/i, `<div id="root">${body}</div>`);
}

// The notice a person sees on the page of a job an operator took down, before (and if) the app starts.
const hiddenNotices: Record<Locale, { title: string; text: string; board: string }> = {
  en: {
    title: 'This job was removed',
    text: 'Campus Jobs removed this posting after a review. It is no longer on the job board and takes no applications.',
    board: 'Browse the job board',
  },
  fr: {
    title: 'Cette offre a été retirée',
    text: "Campus Jobs a retiré cette offre après vérification. Elle n'est plus sur le tableau des offres et ne reçoit plus de candidatures.",
    board: 'Voir le tableau des offres',
  },
};

/** The shell with the "job removed" notice inside #root, noindex (410: search engines drop the page). */
export function renderHiddenJobPage(shell: string, locale: Locale): string {
  const notice = hiddenNotices[locale];
  const body =
    `<main data-hidden-job><h1>${escapeHtml(notice.title)}</h1><p>${escapeHtml(notice.text)}</p>` +
    `<p><a href="/jobs">${escapeHtml(notice.board)}</a></p></main>`;
  return shell
    .replace(/<title>[\s\S]*?<\/title>/i, `<title>${escapeHtml(notice.title)}</title>`)
    .replace(/<\/head>/i, `    <meta name="robots" content="noindex">\n  </head>`)
    .replace(/<div id="root">\s*<\/div>/i, `<div id="root">${body}</div>`);
}

function xmlEscape(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => htmlEscapes[character]!);
}

/** `serveJobPages`: a built client is there to give the shell (API-only servers answer sitemap and robots only). */
export type PublicPagesOptions = { db: Database; staticDir: string; origin: string; serveJobPages: boolean };

export const publicJobPageRoutes: FastifyPluginAsync<PublicPagesOptions> = async (
  app,
  { db, staticDir, origin, serveJobPages },
) => {
  let shell: string | null = null;
  const readShell = async () => (shell ??= await readFile(join(staticDir, 'index.html'), 'utf8'));

  async function notFound(reply: FastifyReply) {
    // The SPA still shows its own "not available" page to a person; robots get the 404.
    const html = await readShell().catch(() => null);
    reply.code(404).header('cache-control', 'no-cache');
    return html
      ? reply.type('text/html; charset=utf-8').send(html)
      : reply.send({ error: 'Not found', code: 'not_found' });
  }

  // `/jobs/{slug}` and `/jobs/{slug}/` (board cards link the latter). Signed-in pages under /jobs are not slugs.
  const jobPage = async (request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) => {
    const { slug } = request.params;
    if (signedInJobPaths.includes(`/jobs/${slug}`)) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(await readShell());
    }
    const row = await findOpenFeaturedJob(db, slug);
    if (!row && (await isFeaturedJobHidden(db, slug))) {
      const locale = pageLocale(request);
      return reply
        .code(410)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-language', locale)
        .header('x-robots-tag', 'noindex')
        .send(renderHiddenJobPage(await readShell(), locale));
    }
    if (!row) return notFound(reply);
    // A link-only or private job is not published to the open web: the app shell checks the link or invitation, and a
    // crawler that follows a shared link is told not to index the page.
    if (row.visibility !== 'public') {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-robots-tag', 'noindex')
        .send(await readShell());
    }
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return reply.send(renderJobPage(await readShell(), row, origin));
  };
  if (serveJobPages) {
    const schema = {
      summary: "A featured job's public page",
      tags: ['pages'],
      params: z.object({ slug: z.string().describe('The job slug') }),
      response: {
        200: contentAnswer('The page, with the job in its HTML', 'text/html'),
        404: contentAnswer('The app\'s "not available" page', 'text/html'),
        410: contentAnswer('A notice that the job was removed by the operators', 'text/html'),
      },
    };
    app.get('/jobs/:slug', { schema }, jobPage);
    app.get('/jobs/:slug/', { schema }, jobPage);
  }

  const pagesSchema = { tags: ['pages'] };
  app.get(
    '/sitemap.xml',
    {
      schema: {
        ...pagesSchema,
        summary: 'The sitemap',
        response: { 200: contentAnswer('The sitemap', 'application/xml') },
      },
    },
    async (_request, reply) => {
      const jobs = await listOpenFeaturedJobs(db);
      const urls = [
        ...publicPaths.map((path) => `${origin}${path}`),
        ...jobs.map((job) => `${origin}/jobs/${encodeURIComponent(job.slug)}`),
      ];
      const body =
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        urls.map((url) => `  <url><loc>${xmlEscape(url)}</loc></url>`).join('\n') +
        '\n</urlset>\n';
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
    },
  );

  app.get(
    '/robots.txt',
    {
      schema: { ...pagesSchema, summary: 'robots.txt', response: { 200: contentAnswer('robots.txt', 'text/plain') } },
    },
    async (_request, reply) => {
      const body = [
        'User-agent: *',
        'Allow: /',
        'Allow: /jobs/',
        ...disallowedPaths.map((path) => `Disallow: ${path}`),
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n');
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
    },
  );
};
