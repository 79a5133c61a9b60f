ALTER TABLE "shared_links" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "shared_links" ADD COLUMN "expires_at" timestamp with time zone;