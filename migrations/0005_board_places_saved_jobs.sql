CREATE TABLE "saved_jobs" (
	"user_uid" text NOT NULL,
	"job_id" text NOT NULL,
	"saved" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_jobs_user_uid_job_id_pk" PRIMARY KEY("user_uid","job_id")
);
--> statement-breakpoint
ALTER TABLE "external_listings" ADD COLUMN "date_updated" double precision;--> statement-breakpoint
ALTER TABLE "external_listings" ADD COLUMN "places" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;