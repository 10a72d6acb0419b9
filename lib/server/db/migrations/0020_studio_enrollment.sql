CREATE TYPE "public"."purchase_intent_status" AS ENUM('open', 'granted', 'declined');--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "granted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_intents" ADD COLUMN "status" "purchase_intent_status" DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_intents" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_intents" ADD COLUMN "answered_by" uuid;--> statement-breakpoint
ALTER TABLE "purchase_intents" ADD COLUMN "answer_note" text;--> statement-breakpoint
ALTER TABLE "purchase_intents" ADD CONSTRAINT "purchase_intents_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_intents_status_idx" ON "purchase_intents" USING btree ("status","last_requested_at","id");