-- Issue 33: a check-in signing key can be revoked; a revoked key's codes are refused.
ALTER TABLE "event_keys" ADD COLUMN "revoked_at" timestamp with time zone;
