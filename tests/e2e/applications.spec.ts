import { expect, test } from './support/test.ts';
import { signInWithEmailLink, uniqueEmail } from './support/auth.ts';
import {
  appliedJobIds,
  featuredJobs,
  fillWizardToJobDetails,
  stepHeading,
  withTypeAndLocation,
  type FeaturedJob,
} from './support/apply.ts';

// My Applications (/jobs/applied) against the real server: what the server lists, plus what still waits in this
// device's outbox. The service worker is blocked so page.route sees every request of the page.
test.use({ serviceWorkers: 'block' });

let jobs: FeaturedJob[];

test.beforeAll(async () => {
  jobs = await featuredJobs();
  expect(jobs.length, 'two featured jobs to apply to').toBeGreaterThanOrEqual(2);
});

const applyPost = (url: URL) => /\/api\/public\/jobs\/[^/]+\/apply$/.test(url.pathname);

test('My Applications: empty state, then the applied job with its Applied badge and a queued one marked Queued', async ({
  page,
  context,
}) => {
  const sent = withTypeAndLocation(jobs)[0]!;
  const queued = jobs.find((job) => job.id !== sent.id)!;
  await signInWithEmailLink(page, uniqueEmail('applications'), '/jobs/applied');
  await expect(page).toHaveURL(/\/jobs\/applied$/);

  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb).toContainText('Dashboard');
  await expect(breadcrumb).toContainText('My Applications');
  await expect(page.getByRole('heading', { level: 1, name: 'My Applications' })).toBeVisible();
  await expect(page.getByText("View all the jobs you've applied to.")).toBeVisible();
  await expect(page.getByText('No applications yet')).toBeVisible();
  await expect(page.getByText("You haven't applied to any jobs yet. Start exploring opportunities!")).toBeVisible();

  // One application sent for real.
  await page.goto(`/jobs/${sent.slug}/apply`);
  await fillWizardToJobDetails(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Application Submitted!')).toBeVisible();

  // Another one whose requests never get through: it stays queued on the device.
  await page.route(applyPost, (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.goto(`/jobs/${queued.slug}/apply`);
  await expect(stepHeading(page, 'Personal Info')).toBeVisible();
  await fillWizardToJobDetails(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByTestId('submission-status')).toHaveAttribute('data-status', 'queued');

  await page.goto('/jobs/applied');
  const cards = page.getByTestId('application-card');
  await expect(cards).toHaveCount(2);
  const sentCard = cards.filter({ hasText: sent.title });
  await expect(sentCard.getByTestId('applied-badge')).toHaveText('Applied');
  await expect(sentCard).toContainText(sent.organization.name);
  await expect(sentCard).toContainText(sent.type);
  await expect(sentCard).toContainText(sent.location);
  const queuedCard = cards.filter({ hasText: queued.title });
  await expect(queuedCard.getByTestId('outbox-status')).toHaveText('Queued');
  await expect(page.getByText('No applications yet')).toHaveCount(0);

  // The list takes 4 of the 5 grid columns on a desktop screen.
  const grid = await page.getByTestId('applications-grid').boundingBox();
  const column = await page.getByTestId('applications-column').boundingBox();
  const gap = 24; // gap="6"
  expect(column!.width).toBeCloseTo(((grid!.width - 4 * gap) / 5) * 4 + 3 * gap, 0);

  // The confirmed application shows the date it was sent; its card opens the featured job in the same tab.
  await expect(sentCard.getByTestId('application-dates')).toContainText(/Applied \w{3} \d{1,2}, \d{4}/);
  const pagesBefore = context.pages().length;
  await sentCard.getByRole('link', { name: sent.title }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${sent.id}$`));
  expect(context.pages()).toHaveLength(pagesBefore);
  await page.goBack();
  await expect(cards).toHaveCount(2);

  // The network is back: the queued application goes out and is marked Applied.
  await page.unrouteAll({ behavior: 'wait' });
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(queuedCard.getByTestId('applied-badge')).toHaveText('Applied');
  expect((await appliedJobIds(page)).sort()).toEqual([sent.id, queued.id].sort());
  await page.reload();
  await expect(page.getByTestId('applied-badge')).toHaveCount(2);
});

test('My Applications shows the error translated by its code and Try Again reloads the list', async ({ page }) => {
  await signInWithEmailLink(page, uniqueEmail('applications-error'), '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.route('**/api/applications', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'The database is restarting.', code: 'upstream_unavailable' }),
    }),
  );
  await page.goto('/jobs/applied');
  // The text for the code, never the server's English sentence.
  await expect(page.getByTestId('applications-error')).toContainText(
    'A service we rely on did not answer. Please try again later.',
  );
  await expect(page.getByTestId('applications-error')).not.toContainText('The database is restarting.');
  await page.unrouteAll({ behavior: 'wait' });
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByText('No applications yet')).toBeVisible();
  await expect(page.getByTestId('applications-error')).toHaveCount(0);
});
