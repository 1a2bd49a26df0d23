CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "needs_token" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Orders made before this migration: an account's order needs its token (the safe side).
UPDATE "orders" SET "needs_token" = true WHERE "user_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ip" text;--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "orders_pending_email_idx" ON "orders" USING btree ("email","status");--> statement-breakpoint
CREATE INDEX "orders_pending_ip_idx" ON "orders" USING btree ("ip","status");