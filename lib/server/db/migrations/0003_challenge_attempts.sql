CREATE TYPE "public"."attempt_closed_by" AS ENUM('learner', 'timeout');--> statement-breakpoint
CREATE TYPE "public"."essay_attempt_status" AS ENUM('onProgress', 'awaitingResults', 'resultsReceived');--> statement-breakpoint
CREATE TYPE "public"."essay_submission_source" AS ENUM('manual', 'timeOut', 'migrated', 'submittedOnMigration');--> statement-breakpoint
CREATE TYPE "public"."mcq_attempt_status" AS ENUM('onProgress', 'completed');--> statement-breakpoint
CREATE TABLE "essay_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"block_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"status" "essay_attempt_status" DEFAULT 'onProgress' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"draft_version" integer DEFAULT 0 NOT NULL,
	"draft_saved_at" timestamp with time zone,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_bootcamp" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"submission_source" "essay_submission_source",
	"claimed_by" uuid,
	"claim_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "essay_evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"grader_id" uuid NOT NULL,
	"marks" jsonb NOT NULL,
	"obtained_score" real NOT NULL,
	"total_score" real NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "essay_save_keys" (
	"attempt_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"draft_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "essay_save_keys_attempt_id_idempotency_key_pk" PRIMARY KEY("attempt_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "essay_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"block_id" uuid NOT NULL,
	"storage_path" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcq_answer_keys" (
	"attempt_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mcq_answer_keys_attempt_id_idempotency_key_pk" PRIMARY KEY("attempt_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "mcq_answers" (
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"selected_option_ids" jsonb NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mcq_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "mcq_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"block_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"status" "mcq_attempt_status" DEFAULT 'onProgress' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"closed_by" "attempt_closed_by",
	"total_score" real NOT NULL,
	"obtained_score" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "essay_attempts" ADD CONSTRAINT "essay_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_attempts" ADD CONSTRAINT "essay_attempts_block_id_essay_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."essay_blocks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_attempts" ADD CONSTRAINT "essay_attempts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_attempts" ADD CONSTRAINT "essay_attempts_version_id_course_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."course_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_attempts" ADD CONSTRAINT "essay_attempts_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_evaluations" ADD CONSTRAINT "essay_evaluations_attempt_id_essay_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."essay_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_evaluations" ADD CONSTRAINT "essay_evaluations_grader_id_users_id_fk" FOREIGN KEY ("grader_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_save_keys" ADD CONSTRAINT "essay_save_keys_attempt_id_essay_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."essay_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_uploads" ADD CONSTRAINT "essay_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_uploads" ADD CONSTRAINT "essay_uploads_block_id_essay_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."essay_blocks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcq_answer_keys" ADD CONSTRAINT "mcq_answer_keys_attempt_id_mcq_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."mcq_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcq_answers" ADD CONSTRAINT "mcq_answers_attempt_id_mcq_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."mcq_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcq_attempts" ADD CONSTRAINT "mcq_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcq_attempts" ADD CONSTRAINT "mcq_attempts_block_id_mcq_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."mcq_blocks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcq_attempts" ADD CONSTRAINT "mcq_attempts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcq_attempts" ADD CONSTRAINT "mcq_attempts_version_id_course_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."course_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "essay_attempts_user_block_key" ON "essay_attempts" USING btree ("user_id","block_id");--> statement-breakpoint
CREATE INDEX "essay_attempts_user_version_idx" ON "essay_attempts" USING btree ("user_id","version_id");--> statement-breakpoint
CREATE INDEX "essay_attempts_running_deadline_idx" ON "essay_attempts" USING btree ("deadline_at") WHERE status = 'onProgress';--> statement-breakpoint
CREATE INDEX "essay_attempts_submitted_idx" ON "essay_attempts" USING btree ("submitted_at") WHERE status <> 'onProgress';--> statement-breakpoint
CREATE UNIQUE INDEX "essay_evaluations_attempt_key" ON "essay_evaluations" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "essay_uploads_user_block_idx" ON "essay_uploads" USING btree ("user_id","block_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mcq_attempts_user_block_key" ON "mcq_attempts" USING btree ("user_id","block_id");--> statement-breakpoint
CREATE INDEX "mcq_attempts_user_version_idx" ON "mcq_attempts" USING btree ("user_id","version_id");--> statement-breakpoint
CREATE INDEX "mcq_attempts_running_deadline_idx" ON "mcq_attempts" USING btree ("deadline_at") WHERE status = 'onProgress';