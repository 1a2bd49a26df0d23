ALTER TABLE "issued_certificates" ADD COLUMN "spent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD CONSTRAINT "issued_certificates_spent_range" CHECK ("issued_certificates"."spent" >= 0 and "issued_certificates"."spent" <= "issued_certificates"."amount");--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD COLUMN "recipient" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "certificate_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_certificate_id_issued_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."issued_certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "certificate_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booked_numbers" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booked_numbers" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "booked_numbers" ADD CONSTRAINT "booked_numbers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_places" ADD COLUMN "held_by" integer;--> statement-breakpoint
ALTER TABLE "space_places" ADD CONSTRAINT "space_places_held_by_users_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_places" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "space_places" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "space_places" ADD CONSTRAINT "space_places_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_formats" ADD COLUMN "online" boolean DEFAULT false NOT NULL;
