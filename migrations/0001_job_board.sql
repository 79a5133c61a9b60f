CREATE TABLE "board_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" text NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_state_single_row" CHECK ("board_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "external_listings" (
	"id" text PRIMARY KEY NOT NULL,
	"feed_type" text NOT NULL,
	"title" text NOT NULL,
	"company" text NOT NULL,
	"locations" text[] NOT NULL,
	"category" text,
	"terms" text[] NOT NULL,
	"degrees" text[] NOT NULL,
	"url" text NOT NULL,
	"date_posted" double precision NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_listings_feed_type_check" CHECK ("external_listings"."feed_type" in ('internship', 'new-grad'))
);
--> statement-breakpoint
CREATE TABLE "feed_state" (
	"feed_type" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_checked_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"record_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "feed_state_feed_type_check" CHECK ("feed_state"."feed_type" in ('internship', 'new-grad'))
);
--> statement-breakpoint
CREATE INDEX "external_listings_feed_type_active_idx" ON "external_listings" USING btree ("feed_type","active");