CREATE TABLE "catalogue_revisions" (
	"id" integer PRIMARY KEY NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learner_states" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalogue_revisions" ("id", "revision") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "raise_learner_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		INSERT INTO "learner_states" ("user_id", "revision") VALUES (OLD."user_id", 1)
			ON CONFLICT ("user_id") DO UPDATE SET "revision" = "learner_states"."revision" + 1;
	END IF;
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
		INSERT INTO "learner_states" ("user_id", "revision") VALUES (NEW."user_id", 1)
			ON CONFLICT ("user_id") DO UPDATE SET "revision" = "learner_states"."revision" + 1;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "raise_learner_state_of_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "learner_states" ("user_id", "revision") VALUES (NEW."id", 1)
		ON CONFLICT ("user_id") DO UPDATE SET "revision" = "learner_states"."revision" + 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "raise_learner_state_of_evaluation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "learner_states" ("user_id", "revision")
		SELECT "user_id", 1 FROM "essay_attempts" WHERE "id" IN (OLD."attempt_id", NEW."attempt_id")
		ON CONFLICT ("user_id") DO UPDATE SET "revision" = "learner_states"."revision" + 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "raise_catalogue_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "catalogue_revisions" SET "revision" = "revision" + 1 WHERE "id" = 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_learner_state" AFTER UPDATE ON "users"
	FOR EACH ROW EXECUTE FUNCTION "raise_learner_state_of_user"();
--> statement-breakpoint
CREATE TRIGGER "enrollments_learner_state" AFTER INSERT OR UPDATE OR DELETE ON "enrollments"
	FOR EACH ROW EXECUTE FUNCTION "raise_learner_state"();
--> statement-breakpoint
CREATE TRIGGER "batch_members_learner_state" AFTER INSERT OR UPDATE OR DELETE ON "batch_members"
	FOR EACH ROW EXECUTE FUNCTION "raise_learner_state"();
--> statement-breakpoint
CREATE TRIGGER "video_progress_learner_state" AFTER INSERT OR UPDATE OR DELETE ON "video_progress"
	FOR EACH ROW EXECUTE FUNCTION "raise_learner_state"();
--> statement-breakpoint
CREATE TRIGGER "video_watch_time_learner_state" AFTER INSERT OR UPDATE OR DELETE ON "video_watch_time"
	FOR EACH ROW EXECUTE FUNCTION "raise_learner_state"();
--> statement-breakpoint
CREATE TRIGGER "mcq_attempts_learner_state" AFTER INSERT OR DELETE ON "mcq_attempts"
	FOR EACH ROW EXECUTE FUNCTION "raise_learner_state"();
--> statement-breakpoint
CREATE TRIGGER "mcq_attempts_learner_state_update" AFTER UPDATE ON "mcq_attempts"
	FOR EACH ROW WHEN ((OLD."user_id", OLD."block_id", OLD."course_id", OLD."version_id", OLD."status", OLD."deadline_at", OLD."submitted_at", OLD."closed_by", OLD."total_score", OLD."obtained_score")
		IS DISTINCT FROM (NEW."user_id", NEW."block_id", NEW."course_id", NEW."version_id", NEW."status", NEW."deadline_at", NEW."submitted_at", NEW."closed_by", NEW."total_score", NEW."obtained_score"))
	EXECUTE FUNCTION "raise_learner_state"();
--> statement-breakpoint
CREATE TRIGGER "essay_attempts_learner_state" AFTER INSERT OR DELETE ON "essay_attempts"
	FOR EACH ROW EXECUTE FUNCTION "raise_learner_state"();
--> statement-breakpoint
CREATE TRIGGER "essay_attempts_learner_state_update" AFTER UPDATE ON "essay_attempts"
	FOR EACH ROW WHEN ((OLD."user_id", OLD."block_id", OLD."course_id", OLD."version_id", OLD."status", OLD."deadline_at", OLD."submitted_at", OLD."submission_source")
		IS DISTINCT FROM (NEW."user_id", NEW."block_id", NEW."course_id", NEW."version_id", NEW."status", NEW."deadline_at", NEW."submitted_at", NEW."submission_source"))
	EXECUTE FUNCTION "raise_learner_state"();
--> statement-breakpoint
CREATE TRIGGER "essay_evaluations_learner_state" AFTER INSERT OR UPDATE OR DELETE ON "essay_evaluations"
	FOR EACH ROW EXECUTE FUNCTION "raise_learner_state_of_evaluation"();
--> statement-breakpoint
CREATE TRIGGER "certificates_learner_state" AFTER INSERT OR UPDATE OR DELETE ON "certificates"
	FOR EACH ROW EXECUTE FUNCTION "raise_learner_state"();
--> statement-breakpoint
CREATE TRIGGER "badge_awards_learner_state" AFTER INSERT OR UPDATE OR DELETE ON "badge_awards"
	FOR EACH ROW EXECUTE FUNCTION "raise_learner_state"();
--> statement-breakpoint
CREATE TRIGGER "domains_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "domains"
	FOR EACH STATEMENT EXECUTE FUNCTION "raise_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "courses_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses"
	FOR EACH STATEMENT EXECUTE FUNCTION "raise_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "course_versions_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_versions"
	FOR EACH STATEMENT EXECUTE FUNCTION "raise_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "chapters_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "chapters"
	FOR EACH STATEMENT EXECUTE FUNCTION "raise_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "sub_chapters_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sub_chapters"
	FOR EACH STATEMENT EXECUTE FUNCTION "raise_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "videos_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "videos"
	FOR EACH STATEMENT EXECUTE FUNCTION "raise_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "mcq_blocks_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mcq_blocks"
	FOR EACH STATEMENT EXECUTE FUNCTION "raise_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "essay_blocks_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "essay_blocks"
	FOR EACH STATEMENT EXECUTE FUNCTION "raise_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "programs_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "programs"
	FOR EACH STATEMENT EXECUTE FUNCTION "raise_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "program_courses_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "program_courses"
	FOR EACH STATEMENT EXECUTE FUNCTION "raise_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "batches_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "batches"
	FOR EACH STATEMENT EXECUTE FUNCTION "raise_catalogue_revision"();
