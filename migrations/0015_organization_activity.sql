CREATE TABLE "organization_activity" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organization_activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"actor_uid" text,
	"kind" text NOT NULL,
	"application_id" uuid,
	"job_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "organization_activity_kind_check" CHECK ("organization_activity"."kind" in ('resume-view', 'status-move', 'note', 'export'))
);
--> statement-breakpoint
ALTER TABLE "organization_activity" ADD CONSTRAINT "organization_activity_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_activity" ADD CONSTRAINT "organization_activity_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_activity" ADD CONSTRAINT "organization_activity_job_id_featured_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."featured_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_activity_organization_id_idx" ON "organization_activity" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "organization_activity_application_id_idx" ON "organization_activity" USING btree ("application_id","kind");--> statement-breakpoint
CREATE INDEX "organization_activity_actor_uid_idx" ON "organization_activity" USING btree ("actor_uid");