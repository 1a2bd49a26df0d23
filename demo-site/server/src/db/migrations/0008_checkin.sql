-- Check-in at the start line (issue 24): staff per event city, the events' signing keys, the ticket
-- code's version, the check-ins and every scan (idempotency by scan_id).
CREATE TABLE "event_staff" (
	"user_id" integer NOT NULL,
	"event_city_id" integer NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_staff_user_id_event_city_id_pk" PRIMARY KEY("user_id","event_city_id")
);
--> statement-breakpoint
ALTER TABLE "event_staff" ADD CONSTRAINT "event_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_staff" ADD CONSTRAINT "event_staff_event_city_id_event_cities_id_fk" FOREIGN KEY ("event_city_id") REFERENCES "public"."event_cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_staff_event_city_idx" ON "event_staff" USING btree ("event_city_id");--> statement-breakpoint
CREATE TABLE "event_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kid" text NOT NULL,
	"event_city_id" integer NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "event_keys_kid_unique" UNIQUE("kid")
);
--> statement-breakpoint
ALTER TABLE "event_keys" ADD CONSTRAINT "event_keys_event_city_id_event_cities_id_fk" FOREIGN KEY ("event_city_id") REFERENCES "public"."event_cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- One signing key per event city at a time; retired keys stay to verify the codes they signed.
CREATE UNIQUE INDEX "event_keys_active_idx" ON "event_keys" USING btree ("event_city_id") WHERE "retired_at" IS NULL;--> statement-breakpoint
CREATE TABLE "checkins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checkins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"event_city_id" integer NOT NULL,
	"staff_user_id" integer NOT NULL,
	"scan_id" text NOT NULL,
	"device" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checkins_ticket_unique" UNIQUE("ticket_id")
);
--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_event_city_id_event_cities_id_fk" FOREIGN KEY ("event_city_id") REFERENCES "public"."event_cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkins_event_city_idx" ON "checkins" USING btree ("event_city_id");--> statement-breakpoint
CREATE TABLE "checkin_scans" (
	"staff_user_id" integer NOT NULL,
	"scan_id" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checkin_scans_staff_user_id_scan_id_pk" PRIMARY KEY("staff_user_id","scan_id")
);
--> statement-breakpoint
ALTER TABLE "checkin_scans" ADD CONSTRAINT "checkin_scans_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "code_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE SEQUENCE "ticket_sync_seq";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sync_seq" bigint DEFAULT nextval('ticket_sync_seq') NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_format_sync_idx" ON "tickets" USING btree ("format_id","sync_seq");--> statement-breakpoint
-- Every change of a ticket moves it up the scanners' delta (sync_seq); a change of holder or of status
-- (a transfer accepted or taken back, a refund, a re-issue) also gives it a new code version, so the
-- code printed or shown before is refused. In a trigger, so that no path that changes tickets can forget.
CREATE FUNCTION "tickets_checkin_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.sync_seq := nextval('ticket_sync_seq');
	IF NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.status IS DISTINCT FROM OLD.status THEN
		NEW.code_version := GREATEST(NEW.code_version, OLD.code_version + 1);
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tickets_checkin_sync" BEFORE UPDATE ON "tickets" FOR EACH ROW EXECUTE FUNCTION "tickets_checkin_sync"();
