ALTER TABLE "organization_activity" DROP CONSTRAINT "organization_activity_kind_check";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "deletion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "deletion_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "deletion_requested_by" text;--> statement-breakpoint
ALTER TABLE "organization_activity" ADD CONSTRAINT "organization_activity_kind_check" CHECK ("organization_activity"."kind" in ('resume-view', 'status-move', 'note', 'export', 'member-left', 'deletion-scheduled', 'deletion-cancelled'));