CREATE TABLE "external_identities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "external_identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "external_identities_provider_subject" UNIQUE("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "news_subscriptions" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"method" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"os" text,
	"browser" text,
	"city" text,
	"country" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"text" text NOT NULL,
	"support_type" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_clubs" (
	"user_id" integer NOT NULL,
	"club_id" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_clubs_user_id_club_id_pk" PRIMARY KEY("user_id","club_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"email" text,
	"email_confirmed_at" timestamp with time zone,
	"password_hash" text,
	"phone" text,
	"phone_confirmed_at" timestamp with time zone,
	"name" text,
	"last_name" text,
	"second_name" text,
	"birth_date" date,
	"gender" text DEFAULT 'none' NOT NULL,
	"mailing" boolean DEFAULT false NOT NULL,
	"extra_contact" text,
	"type_relate" text,
	"contact_phone" text,
	"discount" integer,
	"discount_form" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "users_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verification_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"user_id" integer,
	"code_hash" text NOT NULL,
	"payload" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "booked_numbers" (
	"format_id" integer NOT NULL,
	"number" integer NOT NULL,
	"user_id" integer,
	"booked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booked_numbers_format_id_number_pk" PRIMARY KEY("format_id","number")
);
--> statement-breakpoint
CREATE TABLE "event_cities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_cities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"event_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"address" text NOT NULL,
	"timezone" text NOT NULL,
	"results_published" boolean DEFAULT false NOT NULL,
	CONSTRAINT "event_cities_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "event_formats" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_formats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"event_city_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"price" integer NOT NULL,
	"is_team" boolean DEFAULT false NOT NULL,
	"max_count" integer NOT NULL,
	"fixed_count" boolean DEFAULT false NOT NULL,
	"team_all" boolean DEFAULT false NOT NULL,
	"buy_limit" integer,
	"hidden" boolean DEFAULT false NOT NULL,
	"age_min" integer,
	"age_max" integer,
	"license_file" boolean DEFAULT false NOT NULL,
	"shirt_unavailable" boolean DEFAULT false NOT NULL,
	"insurance_available" boolean DEFAULT false NOT NULL,
	"preregistration" boolean DEFAULT false NOT NULL,
	"space" boolean DEFAULT false NOT NULL,
	"delivery" boolean DEFAULT false NOT NULL,
	"clubs" boolean DEFAULT false NOT NULL,
	"qr" boolean DEFAULT true NOT NULL,
	"notes" text,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"clusters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"additional_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"select" jsonb,
	"number_from" integer,
	"number_to" integer,
	"start_time" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_formats_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "event_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"project_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"logo" text NOT NULL,
	"video_promo" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_types_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"event_type_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"external_url" text,
	"slider" boolean DEFAULT false NOT NULL,
	"banners" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "events_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "external_formats" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "external_formats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"event_city_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"price" integer NOT NULL,
	"link" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	CONSTRAINT "external_formats_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "format_insurances" (
	"format_id" integer NOT NULL,
	"insurance_id" integer NOT NULL,
	CONSTRAINT "format_insurances_format_id_insurance_id_pk" PRIMARY KEY("format_id","insurance_id")
);
--> statement-breakpoint
CREATE TABLE "format_stock" (
	"format_id" integer NOT NULL,
	"kind" text NOT NULL,
	"capacity" integer NOT NULL,
	CONSTRAINT "format_stock_format_id_kind_pk" PRIMARY KEY("format_id","kind")
);
--> statement-breakpoint
CREATE TABLE "insurances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insurances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"description" text NOT NULL,
	"footnote" text NOT NULL,
	"legals" text NOT NULL,
	"logo" text NOT NULL,
	"price" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"activation_delay" integer NOT NULL,
	"validity_time" integer NOT NULL,
	"user_picks_start" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insurances_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"title" text NOT NULL,
	"link" text NOT NULL,
	"picture_main" text NOT NULL,
	CONSTRAINT "projects_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "space_places" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "space_places_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"format_id" integer NOT NULL,
	"sector" text NOT NULL,
	"row" integer NOT NULL,
	"place" integer NOT NULL,
	"booked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "space_places_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"format_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" integer NOT NULL,
	"members_count" integer NOT NULL,
	CONSTRAINT "teams_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "club_competitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "club_competitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"club_id" integer NOT NULL,
	"competition_type_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	CONSTRAINT "club_competitions_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "clubs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clubs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"public_name" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"picture" text NOT NULL,
	"city_id" integer NOT NULL,
	"created_date" timestamp with time zone NOT NULL,
	CONSTRAINT "clubs_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "clubs_public_name_unique" UNIQUE("public_name")
);
--> statement-breakpoint
CREATE TABLE "competition_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competition_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"competition_id" integer NOT NULL,
	"participant" text NOT NULL,
	"value" text NOT NULL,
	"place" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competition_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"title" text NOT NULL,
	"unit" text NOT NULL,
	CONSTRAINT "competition_types_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"text" text NOT NULL,
	"picture" text NOT NULL,
	"event_id" integer,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "obrnadzor_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "obrnadzor_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"region_name" text NOT NULL,
	"organization" text NOT NULL,
	"short_name" text NOT NULL,
	"inn" text NOT NULL,
	"ogrn" text NOT NULL,
	"license_number" text NOT NULL,
	"license_date" date NOT NULL,
	"address" text NOT NULL,
	"activity" text NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "obrnadzor_entries_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "result_rows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "result_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"format_id" integer NOT NULL,
	"start_number" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text NOT NULL,
	"age_category" text NOT NULL,
	"team_name" text,
	"city" text NOT NULL,
	"distance" text NOT NULL,
	"status" text NOT NULL,
	"start_time" text NOT NULL,
	"finish_time" text,
	"net_time" text,
	"official_time" text,
	"penalty_time" text,
	"bonus_time" text,
	"place_overall" integer,
	"place_gender" integer,
	"place_age" integer,
	"place_category" integer,
	CONSTRAINT "result_rows_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" integer PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"name_ru" text NOT NULL,
	"timezone" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postal_indexes" (
	"index" text PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"office_name" text NOT NULL,
	"address" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" integer PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"name_ru" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"page_type" text NOT NULL,
	"banner_type" text NOT NULL,
	"title" text NOT NULL,
	"link" text NOT NULL,
	"picture_main" text NOT NULL,
	"price" integer,
	"old_price" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "banners_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"name" text NOT NULL,
	"pickup" boolean DEFAULT false NOT NULL,
	"item_type" text NOT NULL,
	"base_cost" integer NOT NULL,
	"per_item_cost" integer DEFAULT 0 NOT NULL,
	"remote_surcharge" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_methods_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_categories_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "product_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "product_proportions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_proportions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"stock" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_proportions_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"category_id" integer NOT NULL,
	"kind" text NOT NULL,
	"event_id" integer,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"picture" text NOT NULL,
	"price" integer NOT NULL,
	"old_price" integer,
	"insurance" boolean DEFAULT false NOT NULL,
	"insurance_cost" integer,
	"group" text,
	"subgroup" text,
	"gender" text NOT NULL,
	"text" boolean DEFAULT false NOT NULL,
	"delivery_method_id" integer,
	"show_on_home" boolean DEFAULT false NOT NULL,
	"show_in_basket" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "products_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "promocodes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promocodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"code" text NOT NULL,
	"target" text NOT NULL,
	"target_public_id" text,
	"discount" integer NOT NULL,
	"discount_form" text NOT NULL,
	"code_count" integer NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "promocodes_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "promocodes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "external_identities" ADD CONSTRAINT "external_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_clubs" ADD CONSTRAINT "user_clubs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_clubs" ADD CONSTRAINT "user_clubs_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booked_numbers" ADD CONSTRAINT "booked_numbers_format_id_event_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."event_formats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_cities" ADD CONSTRAINT "event_cities_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_cities" ADD CONSTRAINT "event_cities_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_formats" ADD CONSTRAINT "event_formats_event_city_id_event_cities_id_fk" FOREIGN KEY ("event_city_id") REFERENCES "public"."event_cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_formats" ADD CONSTRAINT "external_formats_event_city_id_event_cities_id_fk" FOREIGN KEY ("event_city_id") REFERENCES "public"."event_cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "format_insurances" ADD CONSTRAINT "format_insurances_format_id_event_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."event_formats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "format_insurances" ADD CONSTRAINT "format_insurances_insurance_id_insurances_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "format_stock" ADD CONSTRAINT "format_stock_format_id_event_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."event_formats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_places" ADD CONSTRAINT "space_places_format_id_event_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."event_formats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_format_id_event_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."event_formats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_competitions" ADD CONSTRAINT "club_competitions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_competitions" ADD CONSTRAINT "club_competitions_competition_type_id_competition_types_id_fk" FOREIGN KEY ("competition_type_id") REFERENCES "public"."competition_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clubs" ADD CONSTRAINT "clubs_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_results" ADD CONSTRAINT "competition_results_competition_id_club_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."club_competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_rows" ADD CONSTRAINT "result_rows_format_id_event_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."event_formats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postal_indexes" ADD CONSTRAINT "postal_indexes_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_proportions" ADD CONSTRAINT "product_proportions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_delivery_method_id_delivery_methods_id_fk" FOREIGN KEY ("delivery_method_id") REFERENCES "public"."delivery_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_codes_target_idx" ON "verification_codes" USING btree ("purpose","target");--> statement-breakpoint
CREATE INDEX "verification_codes_hash_idx" ON "verification_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "event_cities_event_idx" ON "event_cities" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_cities_start_idx" ON "event_cities" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "event_formats_event_city_idx" ON "event_formats" USING btree ("event_city_id");--> statement-breakpoint
CREATE INDEX "space_places_format_idx" ON "space_places" USING btree ("format_id");--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "obrnadzor_region_idx" ON "obrnadzor_entries" USING btree ("region_name");--> statement-breakpoint
CREATE INDEX "result_rows_format_idx" ON "result_rows" USING btree ("format_id");--> statement-breakpoint
CREATE INDEX "product_proportions_product_idx" ON "product_proportions" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_event_idx" ON "products" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox_messages" USING btree ("recipient");