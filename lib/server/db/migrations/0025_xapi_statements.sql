CREATE TYPE "public"."xapi_statement_state" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TABLE "xapi_statements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"verb" text NOT NULL,
	"user_id" uuid NOT NULL,
	"statement" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"state" "xapi_statement_state" DEFAULT 'pending' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_answer" jsonb,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "xapi_statements" ADD CONSTRAINT "xapi_statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "xapi_statements_occurred_idx" ON "xapi_statements" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "xapi_statements_pending_idx" ON "xapi_statements" USING btree ("created_at") WHERE state = 'pending';