-- Letters from an organiser to the participants of an event city or format (issue 31): the message, and one
-- row per recipient (each address once per message; `sent_at` once the letter left, so a resumed send
-- never sends twice). Non-essential letters carry an unsubscribe link (the recipient row's token); an
-- address that unsubscribed gets none again.
CREATE TABLE "organizer_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organizer_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL UNIQUE,
	"organisation_id" integer NOT NULL REFERENCES "organisations"("id"),
	"event_city_id" integer NOT NULL REFERENCES "event_cities"("id"),
	"format_id" integer REFERENCES "event_formats"("id"),
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"essential" boolean NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" integer NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "organizer_messages_idempotency" UNIQUE ("organisation_id", "idempotency_key")
);--> statement-breakpoint
CREATE INDEX "organizer_messages_event_city_idx" ON "organizer_messages" ("event_city_id");--> statement-breakpoint
CREATE TABLE "organizer_message_recipients" (
	"message_id" integer NOT NULL REFERENCES "organizer_messages"("id"),
	"email" text NOT NULL,
	"token" text NOT NULL UNIQUE,
	"sent_at" timestamp with time zone,
	CONSTRAINT "organizer_message_recipients_pk" PRIMARY KEY ("message_id", "email")
);--> statement-breakpoint
CREATE TABLE "mailing_unsubscribes" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The organiser's order search (issue 31), each way of finding an order an index range: a participant's
-- surname by prefix, a phone as digits, a ticket's number.
-- The surname as a stored column (not in the drizzle schema: written by PostgreSQL only), indexed with the
-- order it belongs to, so a common surname's thousands of tickets are read from the index alone.
ALTER TABLE "tickets" ADD COLUMN "last_name_key" text GENERATED ALWAYS AS (lower("info"->>'last_name')) STORED;--> statement-breakpoint
CREATE INDEX "tickets_last_name_idx" ON "tickets" ("last_name_key" text_pattern_ops) INCLUDE ("order_id");--> statement-breakpoint
CREATE INDEX "tickets_phone_idx" ON "tickets" (regexp_replace("info"->>'phone', '\D', '', 'g'));--> statement-breakpoint
CREATE INDEX "tickets_number_idx" ON "tickets" ("number");
--> statement-breakpoint
-- The dashboard (issue 31): an event city's order lines by format, its tickets by format and sale time.
CREATE INDEX "order_items_format_idx" ON "order_items" ("format_id") INCLUDE ("order_id", "kind", "total", "discount");--> statement-breakpoint
CREATE INDEX "tickets_format_created_idx" ON "tickets" ("format_id", "created_at");
--> statement-breakpoint
-- Check-ins per format for the dashboard, from the check-ins alone (not through every ticket of the event).
ALTER TABLE "checkins" ADD COLUMN "format_id" integer REFERENCES "event_formats"("id");--> statement-breakpoint
UPDATE "checkins" c SET "format_id" = t."format_id" FROM "tickets" t WHERE t."id" = c."ticket_id";--> statement-breakpoint
CREATE INDEX "checkins_event_city_format_idx" ON "checkins" ("event_city_id", "format_id");
--> statement-breakpoint
-- A sale made in the back office belongs to an event city (its formats are that event city's).
ALTER TABLE "sales" ADD COLUMN "event_city_id" integer REFERENCES "event_cities"("id");--> statement-breakpoint
CREATE INDEX "sales_event_city_idx" ON "sales" ("event_city_id");
