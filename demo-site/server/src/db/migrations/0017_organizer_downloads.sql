-- Download links of the back office's exports (issue 31): a browser follows the link and streams the file to
-- disk without a bearer token. The link carries a random token; only its SHA-256 is kept. A link serves
-- once, for minutes, to the account that asked for it (its role is checked again when it is followed).
CREATE TABLE "organizer_downloads" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"event_city_id" integer NOT NULL REFERENCES "event_cities"("id"),
	"file" text NOT NULL,
	"format_public_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
