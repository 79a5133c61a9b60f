ALTER TABLE "application_status_history" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "application_status_history" ADD COLUMN "reason_note" text;