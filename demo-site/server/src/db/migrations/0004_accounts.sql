-- Issue 20: each identifier of an account carries its proof state (proven?, by which channel, when).
-- E-mail and phone: `*_confirmed_at` is when, `*_proven_by` the channel (link, reset, code, sms, vk, google, gid).
ALTER TABLE "users" ADD COLUMN "email_proven_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_proven_by" text;--> statement-breakpoint
-- A linked network or GID account: how it was attached (sign_up, password, code, email, phone) and when.
ALTER TABLE "external_identities" ADD COLUMN "proven_by" text;--> statement-breakpoint
UPDATE "users" SET "email_proven_by" = 'link' WHERE "email_confirmed_at" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "phone_proven_by" = 'sms' WHERE "phone_confirmed_at" IS NOT NULL;--> statement-breakpoint
UPDATE "external_identities" SET "proven_by" = 'sign_up';
