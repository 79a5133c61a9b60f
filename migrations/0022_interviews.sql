CREATE TABLE "interview_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interview_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_uid" text,
	"actor_name" text,
	"starts_at" timestamp with time zone,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "interview_events_kind_check" CHECK ("interview_events"."kind" in ('proposed', 'booked', 'moved', 'reproposed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "interview_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interview_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"booked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "interviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"duration_minutes" integer NOT NULL,
	"location" text,
	"video_url" text,
	"interviewers" jsonb NOT NULL,
	"time_zone" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interviews_status_check" CHECK ("interviews"."status" in ('proposed', 'booked', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "organization_activity" DROP CONSTRAINT "organization_activity_kind_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "ical_event" jsonb;--> statement-breakpoint
ALTER TABLE "interview_events" ADD CONSTRAINT "interview_events_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_slots" ADD CONSTRAINT "interview_slots_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_slots" ADD CONSTRAINT "interview_slots_job_id_featured_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."featured_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_job_id_featured_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."featured_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interview_events_interview_id_idx" ON "interview_events" USING btree ("interview_id","at");--> statement-breakpoint
CREATE INDEX "interview_slots_interview_id_idx" ON "interview_slots" USING btree ("interview_id","starts_at");--> statement-breakpoint
CREATE INDEX "interview_slots_job_id_idx" ON "interview_slots" USING btree ("job_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "interview_slots_job_booked_unique" ON "interview_slots" USING btree ("job_id","starts_at") WHERE "interview_slots"."booked_at" is not null;--> statement-breakpoint
CREATE INDEX "interviews_application_id_idx" ON "interviews" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "interviews_job_id_idx" ON "interviews" USING btree ("job_id");--> statement-breakpoint
ALTER TABLE "organization_activity" ADD CONSTRAINT "organization_activity_kind_check" CHECK ("organization_activity"."kind" in ('resume-view', 'status-move', 'note', 'export', 'member-left', 'deletion-scheduled', 'deletion-cancelled', 'message', 'interview'));