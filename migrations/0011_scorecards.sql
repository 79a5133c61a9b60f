CREATE TABLE "application_scorecards" (
	"application_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"ratings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recommendation" text,
	"note" text DEFAULT '' NOT NULL,
	"overall_rating" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_scorecards_application_id_uid_pk" PRIMARY KEY("application_id","uid"),
	CONSTRAINT "application_scorecards_recommendation_check" CHECK ("application_scorecards"."recommendation" in ('strong_no', 'no', 'yes', 'strong_yes')),
	CONSTRAINT "application_scorecards_overall_rating_check" CHECK ("application_scorecards"."overall_rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "job_scorecard_criteria" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"criteria" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Hand-written: the 1-5 ratings given before scorecards are kept as each member's overall score.
INSERT INTO "application_scorecards" ("application_id", "uid", "overall_rating", "created_at", "updated_at")
SELECT "application_id", "uid", "rating", "updated_at", "updated_at" FROM "application_ratings";--> statement-breakpoint
DROP TABLE "application_ratings" CASCADE;--> statement-breakpoint
ALTER TABLE "application_scorecards" ADD CONSTRAINT "application_scorecards_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_scorecard_criteria" ADD CONSTRAINT "job_scorecard_criteria_job_id_featured_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."featured_jobs"("id") ON DELETE cascade ON UPDATE no action;