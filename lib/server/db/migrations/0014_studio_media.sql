CREATE TYPE "public"."media_kind" AS ENUM('video', 'captions', 'document', 'image');--> statement-breakpoint
CREATE TYPE "public"."media_state" AS ENUM('uploaded', 'processing', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "media_kind" NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"original_key" text NOT NULL,
	"state" "media_state" NOT NULL,
	"duration_seconds" integer,
	"width" integer,
	"height" integer,
	"poster_key" text,
	"hls_master_key" text,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_files_original_key_idx" ON "media_files" USING btree ("original_key");