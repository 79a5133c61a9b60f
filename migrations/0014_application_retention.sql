ALTER TABLE "applications" ADD COLUMN "anonymized_reason" text;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_anonymized_reason_check" CHECK ("applications"."anonymized_reason" is null or "applications"."anonymized_reason" in ('account-deleted', 'retention'));--> statement-breakpoint
-- Rows anonymised before this column existed were account deletions.
UPDATE "applications" SET "anonymized_reason" = 'account-deleted' WHERE "anonymized_at" IS NOT NULL;
