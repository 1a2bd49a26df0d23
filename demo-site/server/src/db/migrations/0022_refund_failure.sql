-- A refund the payment provider refused for good (YooKassa cancelled it, or refused the request) is
-- `failed` with the provider's reason, for the back office to show beside «Вернуть» asked again.
ALTER TABLE "order_refunds" ADD COLUMN "failure_reason" text;
