-- Issue 34. A real payment provider (YooKassa) names a payment and a refund by its own ids, asked back
-- when it notifies; the order keeps the fiscal receipt (54-ФЗ) its payment carried, for the refund's.
ALTER TABLE "orders" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_payment_idx" ON "orders" ("provider_payment_id");--> statement-breakpoint
-- The outbox becomes the letters' durable queue: `recorded` (kept only, the demo outbox), `queued` (to
-- send at `next_attempt_at`), `sending` (taken by a process until `next_attempt_at`: a crash hands it
-- back), `sent`, `failed` (refused for good). One letter per idempotency key and recipient.
ALTER TABLE "outbox_messages" ADD COLUMN "status" text DEFAULT 'recorded' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "transactional" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_idempotency_idx" ON "outbox_messages" ("idempotency_key");--> statement-breakpoint
CREATE INDEX "outbox_queue_idx" ON "outbox_messages" ("status", "next_attempt_at") WHERE "status" IN ('queued', 'sending');
