import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test.ts';
import { adminPost } from './support/apply.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import { feedListing, type FeedListing } from './support/feed-listings.ts';

// One card per job (issue 25, point 5): a role posted in fourteen cities is one card whose disclosure offers every
// location; the list stays a few rows tall and scrolls, and the keyboard reaches each link.

const shotDir = process.env.SHOTS_DIR ?? path.resolve('test-results/job-cards');
const newest = Math.floor(Date.now() / 1000) - 3_600;
const cities = [
  'Toronto, ON, Canada',
  'Montreal, QC, Canada',
  'Vancouver, BC, Canada',
  'Calgary, AB, Canada',
  'Ottawa, ON, Canada',
  'Waterloo, ON, Canada',
  'New York, NY',
  'Boston, MA',
  'Chicago, IL',
  'Austin, TX',
  'Seattle, WA',
  'Denver, CO',
  'Atlanta, GA',
  'Miami, FL',
];
const title = 'Manycity Platform Engineer Intern';
const listings: FeedListing[] = cities.map((city, index) =>
  feedListing({
    id: `e2e-manycity-${index}`,
    title,
    company_name: 'Manycity Systems',
    locations: [city],
    date_posted: newest - index * 60,
    url: `https://careers.example.com/manycity/${index}`,
  }),
);

test.beforeAll(async () => {
  await adminPost('ingest', {
    sources: [{ name: 'e2e-manycity-internships.json', type: 'internship', records: listings }],
  });
});

test('a role posted in 14 cities is one card whose locations list scrolls and is reached by the keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInWithEmailLink(page, uniqueEmail('job-cards'), '/jobs?q=%5EManycity');
  await expect(page.getByTestId('job-results-count')).toHaveAttribute('data-source', 'local');
  await expect(page.getByTestId('job-results-count')).toHaveText('1 job');

  const card = page.getByTestId('job-card').filter({ hasText: title });
  const postings = card.getByTestId('job-postings');
  const summary = postings.locator('summary');
  await expect(summary).toHaveText('14 locations');
  await summary.focus();
  await page.keyboard.press('Enter');
  const list = postings.locator('ul');
  const links = list.getByRole('link');
  await expect(links).toHaveCount(14);

  // A few rows show (17rem at most), the rest scroll within the list rather than stretching the card down the page.
  const { clientHeight, scrollHeight } = await list.evaluate((element) => ({
    clientHeight: element.clientHeight,
    scrollHeight: element.scrollHeight,
  }));
  expect(clientHeight).toBeLessThanOrEqual(17 * 16);
  expect(scrollHeight).toBeGreaterThan(clientHeight * 2);
  await expect(links.last()).not.toBeInViewport();

  // Tab by tab from the summary to the last location: it scrolls into view.
  for (let step = 0; step < 14; step += 1) await page.keyboard.press('Tab');
  await expect(links.last()).toBeFocused();
  await expect(links.last()).toBeInViewport();
  await expect(links.last()).toHaveAttribute('href', 'https://careers.example.com/manycity/13');

  mkdirSync(shotDir, { recursive: true });
  await card.screenshot({ path: path.join(shotDir, 'many-locations-375-en.png') });
});
