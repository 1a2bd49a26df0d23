-- Check-in (issue 24): later scans of a checked-in ticket that reached the server (duplicates) — how
-- many, and the last five ({ c: scanned at, d: device }) — so the device that checked it in learns of
-- them through the list's delta.
ALTER TABLE "checkins" ADD COLUMN "repeat_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkins" ADD COLUMN "repeats" jsonb DEFAULT '[]'::jsonb NOT NULL;
