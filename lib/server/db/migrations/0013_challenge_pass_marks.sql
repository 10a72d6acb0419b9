DROP INDEX "mcq_attempts_user_block_key";--> statement-breakpoint
ALTER TABLE "essay_blocks" ADD COLUMN "pass_mark" integer;--> statement-breakpoint
ALTER TABLE "essay_blocks" ADD COLUMN "min_words" integer;--> statement-breakpoint
ALTER TABLE "essay_blocks" ADD COLUMN "max_words" integer;--> statement-breakpoint
ALTER TABLE "mcq_attempts" ADD COLUMN "attempt_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mcq_blocks" ADD COLUMN "pass_mark" integer;--> statement-breakpoint
ALTER TABLE "mcq_blocks" ADD COLUMN "attempts_allowed" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "mcq_attempts_user_block_number_key" ON "mcq_attempts" USING btree ("user_id","block_id","attempt_number");