CREATE TYPE "public"."scorm_version" AS ENUM('1.2', '2004-3rd', '2004-4th');--> statement-breakpoint
CREATE TABLE "scorm_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub_chapter_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"slug_id" text NOT NULL,
	"package_id" uuid NOT NULL,
	"pass_mark" integer
);
--> statement-breakpoint
CREATE TABLE "scorm_launches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorm_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"version" "scorm_version" NOT NULL,
	"title" text,
	"launch_path" text NOT NULL,
	"launch_query" text DEFAULT '' NOT NULL,
	"mastery_percent" real,
	"file_count" integer NOT NULL,
	"unpacked_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scorm_packages_sha256_unique" UNIQUE("sha256")
);
--> statement-breakpoint
ALTER TABLE "scorm_items" ADD CONSTRAINT "scorm_items_sub_chapter_id_sub_chapters_id_fk" FOREIGN KEY ("sub_chapter_id") REFERENCES "public"."sub_chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_items" ADD CONSTRAINT "scorm_items_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_launches" ADD CONSTRAINT "scorm_launches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_launches" ADD CONSTRAINT "scorm_launches_item_id_scorm_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."scorm_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scorm_items_sub_chapter_idx" ON "scorm_items" USING btree ("sub_chapter_id");--> statement-breakpoint
CREATE INDEX "scorm_items_package_idx" ON "scorm_items" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scorm_launches_token_hash_key" ON "scorm_launches" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "scorm_launches_user_idx" ON "scorm_launches" USING btree ("user_id");