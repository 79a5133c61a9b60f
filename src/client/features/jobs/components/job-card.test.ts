import { createElement } from 'react';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import type { BoardJob } from '../../../../shared/jobs/listing-schemas.ts';
import { criteriaLabels } from '../job-criteria-text.ts';
import { JobCard, type JobCardLabels } from './job-card.tsx';

// The card's criteria line and sponsorship mark, rendered as the list renders them (plain markup, no hooks).

const t = i18n.getFixedT('en', 'jobs');
const labels: JobCardLabels = {
  badge: { featured: 'Featured', internship: 'Internship', newGrad: 'New grad' },
  opensInNewTab: 'opens in a new tab',
  noLocation: 'Location not specified',
  postedRecently: 'Posted recently',
  postedAgo: () => 'Posted today',
  posted: (date) => `Posted ${date}`,
  mayBeClosed: 'May be closed',
  applied: 'Applied',
  moreLocations: (count) => `and ${count} more`,
  updated: (days) => `Updated ${days} days ago`,
  closed: 'Closed',
  postings: (choice) => `${choice.count} postings`,
  save: (title) => `Save ${title}`,
  unsave: (title) => `Remove ${title}`,
  dismiss: (title) => `Not interested in ${title}`,
  restore: 'Restore',
  restoreJob: (title) => `Restore ${title} to your board`,
  report: (title) => t('card.report', { title }),
  criteria: criteriaLabels(t),
  sponsorship: {
    yes: t('criteria.sponsorship.yes'),
    no: t('criteria.sponsorship.no'),
    unknown: t('criteria.sponsorship.unknown'),
  },
};

function buildJob(overrides: Partial<BoardJob> = {}): BoardJob {
  return {
    id: 'job-1',
    title: 'Firmware Intern',
    company: 'Aurora Robotics',
    locations: ['Toronto, ON, Canada'],
    category: null,
    terms: [],
    degrees: [],
    datePosted: 1_790_000_000,
    url: null,
    featured: true,
    type: 'Internship',
    places: [],
    dateUpdated: null,
    family: 'hardware',
    termKeys: ['summer-2027'],
    degreeLevels: ['bachelor'],
    sponsorship: 'no',
    ...overrides,
  };
}

async function render(
  job: BoardJob,
  needsSponsorship = false,
  more: Partial<Parameters<typeof JobCard>[0]> = {},
): Promise<string> {
  const { prelude } = await prerender(
    createElement(MemoryRouter, null, createElement(JobCard, { job, locale: 'en', labels, needsSponsorship, ...more })),
  );
  return new Response(prelude).text();
}

const sponsorshipBadge = /<span class="job-card-badge" data-kind="([^"]+)" data-testid="job-card-sponsorship">([^<]*)</;

describe('JobCard criteria and sponsorship', () => {
  it('shows the criteria in one line', async () => {
    expect(await render(buildJob())).toContain(
      'data-testid="job-card-criteria">Hardware · Summer 2027 · Bachelor&#x27;s</p>',
    );
  });

  it('marks a featured job that does not sponsor as a warning for a student who needs sponsorship, plainly for others', async () => {
    expect(sponsorshipBadge.exec(await render(buildJob(), true))?.slice(1)).toEqual([
      'sponsorship-warning',
      'Does not sponsor visas',
    ]);
    expect(sponsorshipBadge.exec(await render(buildJob(), false))?.slice(1)).toEqual([
      'sponsorship-neutral',
      'Does not sponsor visas',
    ]);
    expect(sponsorshipBadge.exec(await render(buildJob({ sponsorship: 'yes' }), true))?.slice(1)).toEqual([
      'sponsorship-positive',
      'Sponsors visas',
    ]);
  });

  it('says "Sponsorship not stated" on jobs that do not say, to a student who needs sponsorship only', async () => {
    const listing = buildJob({ featured: false, url: 'https://example.com/job', sponsorship: 'unknown' });
    for (const job of [buildJob({ sponsorship: 'unknown' }), listing]) {
      expect(sponsorshipBadge.exec(await render(job, true))?.slice(1)).toEqual([
        'sponsorship-neutral',
        'Sponsorship not stated',
      ]);
      expect(await render(job, false)).not.toContain('job-card-sponsorship');
    }
  });
});

describe('JobCard "Not interested"', () => {
  const onToggleDismiss = () => undefined;

  it('offers "Not interested" beside the bookmark only where the list handles it', async () => {
    expect(await render(buildJob())).not.toContain('job-dismiss');
    const html = await render(buildJob(), false, { onToggleDismiss, onToggleSave: () => undefined });
    expect(html).toMatch(/aria-label="Not interested in Firmware Intern" data-testid="job-dismiss"/);
    // In the actions, before the bookmark.
    expect(html.indexOf('job-dismiss')).toBeLessThan(html.indexOf('job-save'));
    expect(html).not.toContain('job-restore');
  });

  it('offers Restore in words instead on a dismissed job', async () => {
    const html = await render(buildJob(), false, { onToggleDismiss, dismissed: true });
    expect(html).not.toContain('job-dismiss');
    expect(html).toMatch(
      /aria-label="Restore Firmware Intern to your board" data-testid="job-restore">.*Restore<\/button>/,
    );
  });
});

describe('JobCard "Report"', () => {
  const onReport = () => undefined;

  it('offers Report on a feed listing only where the list handles it (a signed-in student)', async () => {
    const listing = buildJob({ featured: false, url: 'https://example.com/apply' });
    expect(await render(listing)).not.toContain('job-report');
    expect(await render(listing, false, { onReport })).toMatch(
      /aria-label="Report Firmware Intern" aria-haspopup="dialog" data-testid="job-report"/,
    );
  });

  it('leaves it off featured jobs (reported from their page) and closed saved ones', async () => {
    expect(await render(buildJob(), false, { onReport })).not.toContain('job-report');
    expect(await render(buildJob({ featured: false }), false, { onReport, closed: true })).not.toContain('job-report');
  });
});
