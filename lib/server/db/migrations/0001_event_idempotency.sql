ALTER TABLE "user_events" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "user_events_idempotency_key" ON "user_events" USING btree ("user_id","idempotency_key");