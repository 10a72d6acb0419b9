DROP INDEX "mcq_attempts_user_block_key";--> statement-breakpoint
ALTER TABLE "essay_blocks" ADD COLUMN "pass_mark" integer;--> statement-breakpoint
ALTER TABLE "essay_blocks" ADD COLUMN "min_words" integer;--> statement-breakpoint
ALTER TABLE "essay_blocks" ADD COLUMN "max_words" integer;--> statement-breakpoint
ALTER TABLE "mcq_attempts" ADD COLUMN "attempt_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mcq_blocks" ADD COLUMN "pass_mark" integer;--> statement-breakpoint
ALTER TABLE "mcq_blocks" ADD COLUMN "attempts_allowed" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "mcq_attempts_user_block_number_key" ON "mcq_attempts" USING btree ("user_id","block_id","attempt_number");--> statement-breakpoint
CREATE FUNCTION "raise_learner_version_state_of_evaluation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- A grade decides whether an essay with a pass mark is passed, so it changes the learner's state in the version.
	INSERT INTO "learner_version_states" ("user_id", "version_id", "revision")
		SELECT "user_id", "version_id", 1 FROM "essay_attempts" WHERE "id" IN (OLD."attempt_id", NEW."attempt_id")
		ON CONFLICT ("user_id", "version_id") DO UPDATE SET "revision" = "learner_version_states"."revision" + 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "essay_evaluations_learner_version_state" AFTER INSERT OR UPDATE OR DELETE ON "essay_evaluations"
	FOR EACH ROW EXECUTE FUNCTION "raise_learner_version_state_of_evaluation"();
