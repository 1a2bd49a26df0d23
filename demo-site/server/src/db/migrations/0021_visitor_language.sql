-- Issue 35: a team the buyer left unnamed is «Команда N» and, for the English UI, "Team N" (teams made before
-- this migration get their English name here); the seed's relay delivers its start packs, as other formats do;
-- the language a visitor used for an order and a waiting-list place, so that their letters are written in it.
UPDATE "teams" SET "name_en" = 'Team ' || substring("name" from 9)
WHERE "name_en" IS NULL AND "name" ~ '^Команда [0-9]+$';
--> statement-breakpoint
UPDATE "event_formats" SET "delivery" = true WHERE "is_team" AND "title" = 'Эстафета 4×5 км';
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "language" text DEFAULT 'ru' NOT NULL;
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "language" text DEFAULT 'ru' NOT NULL;
