-- The organiser's side (issue 31): organisations own events; members hold a role in each (owner, manager,
-- viewer); every organiser write leaves an audit record in the same transaction. Promocodes made in the back
-- office belong to an event city (and optionally some of its formats); staff grants remember who gave them.
CREATE TABLE "organisations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organisations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL UNIQUE,
	"name" text NOT NULL UNIQUE,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "organisation_members" (
	"organisation_id" integer NOT NULL REFERENCES "organisations"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"role" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "organisation_members_pk" PRIMARY KEY ("organisation_id", "user_id"),
	CONSTRAINT "organisation_members_role" CHECK ("role" IN ('owner', 'manager', 'viewer'))
);--> statement-breakpoint
CREATE INDEX "organisation_members_user_idx" ON "organisation_members" ("user_id");--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "organisation_id" integer REFERENCES "organisations"("id");--> statement-breakpoint
CREATE INDEX "events_organisation_idx" ON "events" ("organisation_id");--> statement-breakpoint
ALTER TABLE "event_cities" ADD COLUMN "registration_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_cities" ADD COLUMN "registration_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_formats" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promocodes" ADD COLUMN "event_city_id" integer REFERENCES "event_cities"("id");--> statement-breakpoint
ALTER TABLE "promocodes" ADD COLUMN "format_public_ids" jsonb;--> statement-breakpoint
ALTER TABLE "promocodes" ADD COLUMN "batch" text;--> statement-breakpoint
ALTER TABLE "promocodes" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "promocodes_event_city_idx" ON "promocodes" ("event_city_id");--> statement-breakpoint
ALTER TABLE "event_staff" ADD COLUMN "granted_by" integer REFERENCES "users"("id");--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL REFERENCES "organisations"("id"),
	"user_id" integer REFERENCES "users"("id"),
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_public_id" text,
	"event_city_id" integer REFERENCES "event_cities"("id"),
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "audit_log_organisation_idx" ON "audit_log" ("organisation_id", "id" DESC);
