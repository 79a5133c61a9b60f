CREATE TABLE "dismissed_jobs" (
	"user_uid" text NOT NULL,
	"job_id" text NOT NULL,
	"dismissed" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dismissed_jobs_user_uid_job_id_pk" PRIMARY KEY("user_uid","job_id")
);
--> statement-breakpoint
ALTER TABLE "external_listings" ADD COLUMN "family" text;--> statement-breakpoint
ALTER TABLE "external_listings" ADD COLUMN "term_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "external_listings" ADD COLUMN "degree_levels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "featured_jobs" ADD COLUMN "family" text;--> statement-breakpoint
ALTER TABLE "featured_jobs" ADD COLUMN "terms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "featured_jobs" ADD COLUMN "degree_levels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "featured_jobs" ADD COLUMN "sponsorship" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "degree_level" text;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "target_terms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "interests" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "work_authorization" jsonb;--> statement-breakpoint
ALTER TABLE "dismissed_jobs" ADD CONSTRAINT "dismissed_jobs_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_jobs" ADD CONSTRAINT "featured_jobs_sponsorship_check" CHECK ("featured_jobs"."sponsorship" in ('yes', 'no', 'unknown'));