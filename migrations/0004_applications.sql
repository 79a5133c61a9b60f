CREATE TABLE "applicant_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"job_id" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"job_id" uuid NOT NULL,
	"email" text NOT NULL,
	"answers" jsonb NOT NULL,
	"channel" text NOT NULL,
	"invitation_id" uuid,
	"shared_link_id" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"resume_key" text NOT NULL,
	"resume_name" text NOT NULL,
	"resume_size" integer NOT NULL,
	"resume_source" text NOT NULL,
	"resume_profile_id" uuid,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_uid_job_id_unique" UNIQUE("uid","job_id"),
	CONSTRAINT "applications_uid_idempotency_key_unique" UNIQUE("uid","idempotency_key"),
	CONSTRAINT "applications_channel_check" CHECK ("applications"."channel" in ('public', 'private', 'link')),
	CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('submitted')),
	CONSTRAINT "applications_resume_source_check" CHECK ("applications"."resume_source" in ('upload', 'profile'))
);
--> statement-breakpoint
CREATE TABLE "shared_links" (
	"id" text PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applicant_invitations" ADD CONSTRAINT "applicant_invitations_job_id_featured_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."featured_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_job_id_featured_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."featured_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_invitation_id_applicant_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."applicant_invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_shared_link_id_shared_links_id_fk" FOREIGN KEY ("shared_link_id") REFERENCES "public"."shared_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_links" ADD CONSTRAINT "shared_links_job_id_featured_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."featured_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_invitations_job_id_idx" ON "applicant_invitations" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "applications_job_id_idx" ON "applications" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "shared_links_job_id_idx" ON "shared_links" USING btree ("job_id");