CREATE TABLE "hidden_jobs" (
	"job_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"hidden_by" text NOT NULL,
	"hidden_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" text NOT NULL,
	"user_uid" text NOT NULL,
	"reason" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "job_reports_job_id_user_uid_key" UNIQUE("job_id","user_uid"),
	CONSTRAINT "job_reports_reason_check" CHECK ("job_reports"."reason" in ('closed', 'scam', 'wrong-information', 'other'))
);
--> statement-breakpoint
CREATE TABLE "moderation_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderation_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"job_id" text NOT NULL,
	"reason" text,
	CONSTRAINT "moderation_log_action_check" CHECK ("moderation_log"."action" in ('hide', 'restore'))
);
--> statement-breakpoint
ALTER TABLE "job_reports" ADD CONSTRAINT "job_reports_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_reports_user_uid_idx" ON "job_reports" USING btree ("user_uid");--> statement-breakpoint
CREATE INDEX "job_reports_open_idx" ON "job_reports" USING btree ("job_id") WHERE "job_reports"."reviewed_at" is null;--> statement-breakpoint
CREATE INDEX "moderation_log_job_id_idx" ON "moderation_log" USING btree ("job_id");