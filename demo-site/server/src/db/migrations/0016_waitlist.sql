-- Issue 35: the waiting list of a sold-out format; an offered place counts as taken in format_stock.
CREATE TABLE "waitlist_entries" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "format_id" integer NOT NULL REFERENCES "event_formats"("id"),
  "email" text NOT NULL,
  "user_id" integer REFERENCES "users"("id"),
  "status" text DEFAULT 'waiting' NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "offer_code_hash" text UNIQUE,
  "offer_code" text,
  "offered_at" timestamp with time zone,
  "offer_expires_at" timestamp with time zone,
  "letter_sent_at" timestamp with time zone,
  "order_id" integer,
  "closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_one_place" ON "waitlist_entries" ("format_id", "email") WHERE status in ('waiting', 'offered');
--> statement-breakpoint
CREATE INDEX "waitlist_queue_idx" ON "waitlist_entries" ("format_id", "status", "id");
--> statement-breakpoint
CREATE INDEX "waitlist_user_idx" ON "waitlist_entries" ("user_id");
