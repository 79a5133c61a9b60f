import type { DegreeLevel, JobFamily, Sponsorship, TermKey } from '../../../shared/jobs/job-criteria.ts';
import { bumpBoardVersion } from '../../db/board-state.ts';
import type { Database } from '../../db/client.ts';
import { featuredJobs, organizations } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';

// Demo partners and featured jobs so a fresh install shows something. Idempotent: rows are matched by
// slug and never overwritten, so edits made later survive restarts.

type DemoOrganization = {
  slug: string;
  name: string;
  website: string;
  colors: [string, string];
  initials: string;
};

type DemoJob = {
  slug: string;
  organizationSlug: string;
  title: string;
  type: 'Internship' | 'New Grad' | 'Full-time';
  location: string;
  description: string;
  requirements: string;
  postedDaysAgo: number;
  /** Days from now; negative means the posting has already closed, null means open-ended. */
  closesInDays: number | null;
  family: JobFamily;
  degreeLevels: DegreeLevel[];
  sponsorship: Sponsorship;
};

/** The summer an internship posted now is for: this year's until May, next year's after. */
function nextSummer(now: Date): TermKey {
  return `summer-${now.getUTCMonth() < 5 ? now.getUTCFullYear() : now.getUTCFullYear() + 1}`;
}

export const demoOrganizations: DemoOrganization[] = [
  {
    slug: 'northwind-labs',
    name: 'Northwind Labs',
    website: 'https://northwind-labs.example',
    colors: ['#0F766E', '#14B8A6'],
    initials: 'NL',
  },
  {
    slug: 'aurora-robotics',
    name: 'Aurora Robotics',
    website: 'https://aurora-robotics.example',
    colors: ['#7C3AED', '#C084FC'],
    initials: 'AR',
  },
  {
    slug: 'maple-fintech',
    name: 'Maple Fintech',
    website: 'https://maple-fintech.example',
    colors: ['#B91C1C', '#F87171'],
    initials: 'MF',
  },
  {
    slug: 'tidepool-health',
    name: 'Tidepool Health',
    website: 'https://tidepool-health.example',
    colors: ['#1D4ED8', '#60A5FA'],
    initials: 'TH',
  },
];

export const demoJobs: DemoJob[] = [
  {
    slug: 'northwind-labs-software-engineering-intern',
    organizationSlug: 'northwind-labs',
    title: 'Software Engineering Intern',
    type: 'Internship',
    location: 'Toronto, ON, Canada',
    description: [
      'Join the platform team for a 16-week internship building the services behind our data tools.',
      '',
      'You will ship code to production in your first month, pair with a mentor every week and present',
      'your project to the whole company at the end of the term.',
    ].join('\n'),
    requirements: [
      '- Enrolled in a computer science, engineering or related program',
      '- Comfortable with one of TypeScript, Python or Go',
      '- Curious about how systems fail and how to make them not',
    ].join('\n'),
    postedDaysAgo: 3,
    closesInDays: 45,
    family: 'software',
    degreeLevels: ['bachelor', 'master'],
    sponsorship: 'yes',
  },
  {
    slug: 'northwind-labs-data-analyst-new-grad',
    organizationSlug: 'northwind-labs',
    title: 'Data Analyst, New Grad',
    type: 'New Grad',
    location: 'Montreal, QC, Canada',
    description: [
      'Help product teams answer questions with data: define metrics, build dashboards and run experiments.',
      '',
      'Bilingual teams; French is an asset, not a requirement.',
    ].join('\n'),
    requirements: [
      '- Graduating this year or graduated in the last 12 months',
      '- SQL and one of Python or R',
      '- Able to explain a result to someone who has never seen a p-value',
    ].join('\n'),
    postedDaysAgo: 6,
    closesInDays: 30,
    family: 'ai-ml-data',
    degreeLevels: ['bachelor', 'master'],
    sponsorship: 'unknown',
  },
  {
    slug: 'aurora-robotics-embedded-systems-intern',
    organizationSlug: 'aurora-robotics',
    title: 'Embedded Systems Intern',
    type: 'Internship',
    location: 'Waterloo, ON, Canada',
    description: [
      'Write firmware for the motor controllers of our warehouse robots.',
      '',
      'You will work with oscilloscopes as much as with editors, and test on real hardware every day.',
    ].join('\n'),
    requirements: [
      '- C or C++, and the patience to read a datasheet',
      '- Some experience with microcontrollers (school projects count)',
    ].join('\n'),
    postedDaysAgo: 1,
    closesInDays: 60,
    family: 'hardware',
    degreeLevels: ['bachelor'],
    sponsorship: 'no',
  },
  {
    slug: 'aurora-robotics-robotics-software-engineer',
    organizationSlug: 'aurora-robotics',
    title: 'Robotics Software Engineer',
    type: 'Full-time',
    location: 'Boston, MA',
    description: [
      'Own the path-planning stack that moves a fleet of 200 robots through busy warehouses.',
      '',
      'Hybrid: three days a week on site with the hardware team.',
    ].join('\n'),
    requirements: [
      '- Degree in computer science, robotics or mechanical engineering',
      '- Modern C++ or Rust; ROS 2 is a plus',
      '- Work authorisation in the United States',
    ].join('\n'),
    postedDaysAgo: 10,
    closesInDays: null,
    family: 'software',
    degreeLevels: [],
    sponsorship: 'yes',
  },
  {
    slug: 'maple-fintech-backend-developer-new-grad',
    organizationSlug: 'maple-fintech',
    title: 'Backend Developer, New Grad',
    type: 'New Grad',
    location: 'Vancouver, BC, Canada',
    description: [
      'Build the payment APIs used by 3,000 small businesses across Canada.',
      '',
      'We review every design in writing and care about tests more than about speed.',
    ].join('\n'),
    requirements: [
      '- Java, Kotlin or TypeScript',
      '- Understanding of relational databases and transactions',
      '- Graduating by next summer',
    ].join('\n'),
    postedDaysAgo: 14,
    closesInDays: 20,
    family: 'software',
    degreeLevels: ['bachelor'],
    sponsorship: 'no',
  },
  {
    slug: 'tidepool-health-product-design-intern',
    organizationSlug: 'tidepool-health',
    title: 'Product Design Intern',
    type: 'Internship',
    location: 'Ottawa, ON, Canada',
    description: [
      'Design the patient-facing screens of a clinic booking app used by 40 clinics.',
      '',
      'This posting closed; it stays in the demo data to show how expired postings look.',
    ].join('\n'),
    requirements: ['- A portfolio with at least two projects', '- Figma or a similar tool'].join('\n'),
    postedDaysAgo: 40,
    closesInDays: -5,
    family: 'product',
    degreeLevels: [],
    sponsorship: 'unknown',
  },
];

export function logoKeyFor(organizationSlug: string): string {
  return `organizations/${organizationSlug}/logo.svg`;
}

function logoSvg(organization: DemoOrganization): string {
  const [from, to] = organization.colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${organization.name}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="128" height="128" rx="28" fill="url(#g)"/>
  <text x="64" y="78" font-family="system-ui, sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${organization.initials}</text>
</svg>
`;
}

const dayMs = 24 * 60 * 60 * 1000;

export async function seedDemoData(db: Database, storage: Storage, now = new Date()): Promise<void> {
  for (const organization of demoOrganizations) {
    const key = logoKeyFor(organization.slug);
    if (!(await storage.exists(key))) await storage.put(key, logoSvg(organization), { contentType: 'image/svg+xml' });
  }

  await db.transaction(async (tx) => {
    await tx
      .insert(organizations)
      .values(
        demoOrganizations.map((organization) => ({
          slug: organization.slug,
          name: organization.name,
          website: organization.website,
          logoPath: logoKeyFor(organization.slug),
        })),
      )
      .onConflictDoNothing({ target: organizations.slug });

    const idsBySlug = new Map(
      (await tx.select({ id: organizations.id, slug: organizations.slug }).from(organizations)).map((row) => [
        row.slug,
        row.id,
      ]),
    );

    const inserted = await tx
      .insert(featuredJobs)
      .values(
        demoJobs.map((job) => {
          const organizationId = idsBySlug.get(job.organizationSlug);
          if (!organizationId)
            throw new Error(`Seed job ${job.slug} names unknown organisation ${job.organizationSlug}`);
          return {
            slug: job.slug,
            organizationId,
            title: job.title,
            type: job.type,
            location: job.location,
            description: job.description,
            requirements: job.requirements,
            postingDate: new Date(now.getTime() - job.postedDaysAgo * dayMs),
            status: 'published' as const,
            visibility: 'public' as const,
            publishedAt: new Date(now.getTime() - job.postedDaysAgo * dayMs),
            endPostingDate: job.closesInDays === null ? null : new Date(now.getTime() + job.closesInDays * dayMs),
            family: job.family,
            terms: job.type === 'Internship' ? [nextSummer(now)] : [],
            degreeLevels: job.degreeLevels,
            sponsorship: job.sponsorship,
          };
        }),
      )
      .onConflictDoNothing({ target: featuredJobs.slug })
      .returning({ id: featuredJobs.id });
    // New featured jobs change the board.
    if (inserted.length > 0) await bumpBoardVersion(tx);
  });
}
