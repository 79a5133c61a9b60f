CREATE TABLE "application_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_by_uid" text,
	"sent_by_name" text,
	"locale" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"template_id" uuid,
	"template_name" text,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "application_messages_kind_check" CHECK ("application_messages"."kind" in ('status', 'template', 'custom'))
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text,
	"texts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_activity" DROP CONSTRAINT "organization_activity_kind_check";--> statement-breakpoint
ALTER TABLE "application_messages" ADD CONSTRAINT "application_messages_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_messages" ADD CONSTRAINT "application_messages_template_id_email_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."email_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_messages_application_id_idx" ON "application_messages" USING btree ("application_id","sent_at");--> statement-breakpoint
CREATE INDEX "application_messages_sent_by_uid_idx" ON "application_messages" USING btree ("sent_by_uid");--> statement-breakpoint
CREATE INDEX "email_templates_organization_id_idx" ON "email_templates" USING btree ("organization_id","name");--> statement-breakpoint
ALTER TABLE "organization_activity" ADD CONSTRAINT "organization_activity_kind_check" CHECK ("organization_activity"."kind" in ('resume-view', 'status-move', 'note', 'export', 'member-left', 'deletion-scheduled', 'deletion-cancelled', 'message'));