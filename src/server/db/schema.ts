import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

// The one Drizzle schema. Change it, then `npx drizzle-kit generate` to add a migration in migrations/.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/** A person who signed in with Firebase and created an account; keyed by the Firebase uid. */
export const users = pgTable('users', {
  uid: text('uid').primaryKey(),
  email: text('email').notNull(),
  emailVerified: boolean('email_verified').notNull().default(false),
  displayName: text('display_name'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  signInProvider: text('sign_in_provider').notNull(),
  // The short public number shown to students and employers (spec: studentId is a number).
  studentId: integer('student_id').notNull().unique().generatedAlwaysAsIdentity({ startWith: 100001 }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
})

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** A storage key (see src/server/storage), not a URL. */
  logoPath: text('logo_path'),
  website: text('website'),
  createdAt: createdAt(),
})

export const featuredJobs = pgTable(
  'featured_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    // Free text in the spec ('Internship', 'New Grad', 'Full-time', ...).
    type: text('type').notNull(),
    location: text('location').notNull(),
    description: text('description').notNull(),
    requirements: text('requirements').notNull(),
    postingDate: timestamp('posting_date', { withTimezone: true }).notNull(),
    endPostingDate: timestamp('end_posting_date', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('featured_jobs_organization_id_idx').on(table.organizationId),
    // Job lists are shown newest first.
    index('featured_jobs_posting_date_idx').on(table.postingDate.desc()),
  ],
)

export type UserRow = typeof users.$inferSelect
export type OrganizationRow = typeof organizations.$inferSelect
export type FeaturedJobRow = typeof featuredJobs.$inferSelect
