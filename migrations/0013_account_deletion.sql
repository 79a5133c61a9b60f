CREATE TABLE "account_deletions" (
	"uid" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_uid_users_uid_fk";
--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "uid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "anonymized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;