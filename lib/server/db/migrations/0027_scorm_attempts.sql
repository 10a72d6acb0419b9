CREATE TABLE "scorm_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"cmi" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lesson_location" text DEFAULT '' NOT NULL,
	"suspend_data" text DEFAULT '' NOT NULL,
	"completion_status" text DEFAULT 'not attempted' NOT NULL,
	"success_status" text DEFAULT 'unknown' NOT NULL,
	"score_scaled" real,
	"session_seconds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total_seconds" real DEFAULT 0 NOT NULL,
	"sequence" bigint DEFAULT 0 NOT NULL,
	"last_commit_id" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_item_id_scorm_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."scorm_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scorm_attempts_user_item_key" ON "scorm_attempts" USING btree ("user_id","item_id");--> statement-breakpoint
CREATE INDEX "scorm_attempts_item_idx" ON "scorm_attempts" USING btree ("item_id");