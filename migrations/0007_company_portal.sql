CREATE TABLE "application_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"author_uid" text NOT NULL,
	"author_name" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_ratings" (
	"application_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"rating" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_ratings_application_id_uid_pk" PRIMARY KEY("application_id","uid"),
	CONSTRAINT "application_ratings_rating_check" CHECK ("application_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "application_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"changed_by" text,
	"changed_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "organization_invitations_role_check" CHECK ("organization_invitations"."role" in ('owner', 'member'))
);
--> statement-breakpoint
CREATE TABLE "organization_members" (
	"organization_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"role" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_members_organization_id_uid_pk" PRIMARY KEY("organization_id","uid"),
	CONSTRAINT "organization_members_role_check" CHECK ("organization_members"."role" in ('owner', 'member'))
);
--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_uid_job_id_unique";--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_status_check";--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "status" SET DEFAULT 'applied';--> statement-breakpoint
ALTER TABLE "applicant_invitations" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "applicant_invitations" ADD COLUMN "sent_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "applicant_invitations" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applicant_invitations" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "skills_snapshot" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "github_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "devpost_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "featured_jobs" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "featured_jobs" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "featured_jobs" ADD COLUMN "salary_min" integer;--> statement-breakpoint
ALTER TABLE "featured_jobs" ADD COLUMN "salary_max" integer;--> statement-breakpoint
ALTER TABLE "featured_jobs" ADD COLUMN "salary_currency" text;--> statement-breakpoint
ALTER TABLE "featured_jobs" ADD COLUMN "skills" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "featured_jobs" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "featured_jobs" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "rejection_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shared_links" ADD COLUMN "created_by" text;--> statement-breakpoint
-- Existing applications enter the pipeline at its first status, changed when they were submitted.
UPDATE "applications" SET "status" = 'applied', "status_changed_at" = "submitted_at" WHERE "status" = 'submitted';--> statement-breakpoint
-- Existing featured jobs were on the board: published since their posting date.
UPDATE "featured_jobs" SET "published_at" = "posting_date" WHERE "status" = 'published' AND "published_at" IS NULL;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_ratings" ADD CONSTRAINT "application_ratings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_status_history" ADD CONSTRAINT "application_status_history_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_notes_application_id_idx" ON "application_notes" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_status_history_application_id_idx" ON "application_status_history" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "organization_invitations_organization_id_idx" ON "organization_invitations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "organization_members_uid_idx" ON "organization_members" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_uid_job_id_live_unique" ON "applications" USING btree ("uid","job_id") WHERE "applications"."status" <> 'withdrawn';--> statement-breakpoint
CREATE INDEX "applications_invitation_id_idx" ON "applications" USING btree ("invitation_id");--> statement-breakpoint
CREATE INDEX "applications_shared_link_id_idx" ON "applications" USING btree ("shared_link_id");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('applied', 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "featured_jobs" ADD CONSTRAINT "featured_jobs_status_check" CHECK ("featured_jobs"."status" in ('draft', 'published', 'closed'));--> statement-breakpoint
ALTER TABLE "featured_jobs" ADD CONSTRAINT "featured_jobs_visibility_check" CHECK ("featured_jobs"."visibility" in ('public', 'link', 'private'));