CREATE TABLE "scorm_launches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scorm_launches" ADD CONSTRAINT "scorm_launches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_launches" ADD CONSTRAINT "scorm_launches_item_id_scorm_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."scorm_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scorm_launches_token_hash_key" ON "scorm_launches" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "scorm_launches_user_idx" ON "scorm_launches" USING btree ("user_id");