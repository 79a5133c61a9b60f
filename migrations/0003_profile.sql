CREATE TABLE "student_profiles" (
	"uid" text PRIMARY KEY NOT NULL,
	"phone" text,
	"school" text,
	"program" text,
	"graduation_year" text,
	"linkedin_url" text,
	"portfolio_url" text,
	"github_username" text,
	"devpost_username" text,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"resume_id" uuid,
	"resume_key" text,
	"resume_name" text,
	"resume_size" integer,
	"resume_uploaded_at" timestamp with time zone,
	"github_profile" jsonb,
	"devpost_profile" jsonb,
	"devpost_verified_username" text,
	"devpost_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_profiles_resume_complete" CHECK (num_nulls("student_profiles"."resume_id", "student_profiles"."resume_key", "student_profiles"."resume_name", "student_profiles"."resume_size", "student_profiles"."resume_uploaded_at") in (0, 5))
);
--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_profiles_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;