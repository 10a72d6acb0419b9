CREATE TABLE "learner_version_states" (
	"user_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "learner_version_states_user_id_version_id_pk" PRIMARY KEY("user_id","version_id")
);
--> statement-breakpoint
CREATE FUNCTION "raise_learner_version_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		INSERT INTO "learner_version_states" ("user_id", "version_id", "revision") VALUES (OLD."user_id", OLD."version_id", 1)
			ON CONFLICT ("user_id", "version_id") DO UPDATE SET "revision" = "learner_version_states"."revision" + 1;
	END IF;
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW."user_id", NEW."version_id") IS DISTINCT FROM (OLD."user_id", OLD."version_id")) THEN
		INSERT INTO "learner_version_states" ("user_id", "version_id", "revision") VALUES (NEW."user_id", NEW."version_id", 1)
			ON CONFLICT ("user_id", "version_id") DO UPDATE SET "revision" = "learner_version_states"."revision" + 1;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "video_progress_learner_version_state" AFTER INSERT OR UPDATE OR DELETE ON "video_progress"
	FOR EACH ROW EXECUTE FUNCTION "raise_learner_version_state"();
--> statement-breakpoint
CREATE TRIGGER "mcq_attempts_learner_version_state" AFTER INSERT OR DELETE ON "mcq_attempts"
	FOR EACH ROW EXECUTE FUNCTION "raise_learner_version_state"();
--> statement-breakpoint
CREATE TRIGGER "mcq_attempts_learner_version_state_update" AFTER UPDATE ON "mcq_attempts"
	FOR EACH ROW WHEN ((OLD."status", OLD."block_id", OLD."user_id", OLD."version_id") IS DISTINCT FROM (NEW."status", NEW."block_id", NEW."user_id", NEW."version_id"))
	EXECUTE FUNCTION "raise_learner_version_state"();
--> statement-breakpoint
CREATE TRIGGER "essay_attempts_learner_version_state" AFTER INSERT OR DELETE ON "essay_attempts"
	FOR EACH ROW EXECUTE FUNCTION "raise_learner_version_state"();
--> statement-breakpoint
CREATE TRIGGER "essay_attempts_learner_version_state_update" AFTER UPDATE ON "essay_attempts"
	FOR EACH ROW WHEN ((OLD."status", OLD."block_id", OLD."user_id", OLD."version_id") IS DISTINCT FROM (NEW."status", NEW."block_id", NEW."user_id", NEW."version_id"))
	EXECUTE FUNCTION "raise_learner_version_state"();
