CREATE TABLE "tracked_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_uid" text NOT NULL,
	"job_id" text,
	"company" text NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"stage" text NOT NULL,
	"note" text,
	"next_step_at" timestamp with time zone,
	"applied_at" timestamp with time zone NOT NULL,
	"history" jsonb NOT NULL,
	"field_times" jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracked_applications_stage_check" CHECK ("tracked_applications"."stage" in ('applied', 'assessment', 'interview', 'offer', 'accepted', 'rejected', 'withdrawn', 'ghosted'))
);
--> statement-breakpoint
ALTER TABLE "tracked_applications" ADD CONSTRAINT "tracked_applications_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracked_applications_user_uid_idx" ON "tracked_applications" USING btree ("user_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_applications_user_job_idx" ON "tracked_applications" USING btree ("user_uid","job_id") WHERE "tracked_applications"."job_id" is not null and "tracked_applications"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tracked_applications_next_step_idx" ON "tracked_applications" USING btree ("next_step_at") WHERE "tracked_applications"."next_step_at" is not null and "tracked_applications"."deleted_at" is null;