-- Refunds one by one (issue 31): an order can be refunded line by line, each refund its own request at the
-- provider (its own idempotence key, amount, 54-ФЗ receipt of the refunded items), settled by the provider's
-- notification or the sweeper. A line is named by its public id. The whole order's refund is a row too
-- (order_item_id null), so the order's refunded_amount is the sum of its succeeded refunds.
ALTER TABLE "order_items" ADD COLUMN "public_id" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"public_id" text NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id"),
	"order_item_id" integer REFERENCES "order_items"("id"),
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"receipt" jsonb,
	"requested_by" integer REFERENCES "users"("id"),
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "order_refunds_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "order_refunds_status_check" CHECK ("status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "order_refunds_amount_check" CHECK ("amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_item_idx" ON "order_refunds" USING btree ("order_item_id") WHERE "status" <> 'failed';--> statement-breakpoint
CREATE INDEX "order_refunds_pending_idx" ON "order_refunds" USING btree ("status") WHERE "status" = 'pending';
