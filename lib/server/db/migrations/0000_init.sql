CREATE TYPE "public"."course_type" AS ENUM('mandatory', 'nonMandatory', 'complimentary');--> statement-breakpoint
CREATE TYPE "public"."customer_profile" AS ENUM('Working Professional', 'Job Seeker', 'Student');--> statement-breakpoint
CREATE TYPE "public"."education_background" AS ENUM('Engineering', 'Non-Engineering');--> statement-breakpoint
CREATE TYPE "public"."enrollment_type" AS ENUM('System (Auto enroll)', 'Customer (Scheduled and Optional)', 'No Auto Enrollment');--> statement-breakpoint
CREATE TYPE "public"."invite_source" AS ENUM('home', 'operator');--> statement-breakpoint
CREATE TYPE "public"."plan" AS ENUM('Basic', 'Premium');--> statement-breakpoint
CREATE TYPE "public"."preferred_language" AS ENUM('English', 'Hindi', 'Tamil', 'Telugu', 'Others');--> statement-breakpoint
CREATE TYPE "public"."user_kind" AS ENUM('Customer', 'Employee');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('learner', 'grader', 'admin');--> statement-breakpoint
CREATE TYPE "public"."video_provider" AS ENUM('youtube', 'vdocipher', 'uploadedVideo');--> statement-breakpoint
CREATE TABLE "batch_members" (
	"batch_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_members_batch_id_user_id_pk" PRIMARY KEY("batch_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"program_id" uuid,
	"enrollment_type" "enrollment_type" DEFAULT 'No Auto Enrollment' NOT NULL,
	"allow_manual_video_completion" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"account_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batches_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	"emoji" text,
	"slug" text NOT NULL,
	"slug_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"host_pattern" text NOT NULL,
	"logo_url" text NOT NULL,
	"logo_dark_url" text,
	"login_background_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_key_unique" UNIQUE("key"),
	CONSTRAINT "companies_host_pattern_unique" UNIQUE("host_pattern")
);
--> statement-breakpoint
CREATE TABLE "course_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"version_name" text NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"is_current" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"slug" text NOT NULL,
	"slug_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"domain_id" uuid NOT NULL,
	"course_type" "course_type" DEFAULT 'nonMandatory' NOT NULL,
	"price_cents" integer,
	"currency" text DEFAULT 'INR' NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_key_unique" UNIQUE("key"),
	CONSTRAINT "courses_slug_id_unique" UNIQUE("slug_id")
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "domains_name_unique" UNIQUE("name"),
	CONSTRAINT "domains_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"batch_id" uuid,
	"program_id" uuid,
	"enrollment_type" "enrollment_type" DEFAULT 'No Auto Enrollment' NOT NULL,
	"course_type" "course_type" DEFAULT 'nonMandatory' NOT NULL,
	"start_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "essay_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub_chapter_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"slug_id" text NOT NULL,
	"question" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reference_document" text,
	"solution_document" text,
	"duration_in_minutes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "essay_criteria" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"block_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"grading_criteria" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"marks" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"redirect_url" text DEFAULT '/dashboard' NOT NULL,
	"source" "invite_source" NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcq_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub_chapter_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"slug_id" text NOT NULL,
	"duration_in_minutes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcq_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"value" text NOT NULL,
	"is_correct" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcq_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"block_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"question" text NOT NULL,
	"mark" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_registrations" (
	"meeting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_registrations_meeting_id_user_id_pk" PRIMARY KEY("meeting_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"course_id" uuid,
	"meeting_taker_name" text NOT NULL,
	"meeting_taker_email" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"duration_in_minutes" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"join_link" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "meetings_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "program_courses" (
	"program_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"course_type" "course_type" DEFAULT 'mandatory' NOT NULL,
	CONSTRAINT "program_courses_program_id_course_id_pk" PRIMARY KEY("program_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"domain_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"invite_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_chapters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chapter_id" uuid NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	"emoji" text,
	"slug" text NOT NULL,
	"slug_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_name" text NOT NULL,
	"event" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"country_code" text,
	"phone" text,
	"domain" text,
	"preferred_language" "preferred_language" DEFAULT 'English' NOT NULL,
	"plan" "plan" DEFAULT 'Basic' NOT NULL,
	"user_kind" "user_kind" DEFAULT 'Customer' NOT NULL,
	"role" "user_role" DEFAULT 'learner' NOT NULL,
	"customer_profile" "customer_profile",
	"education_background" "education_background",
	"has_career_services_access" boolean DEFAULT false NOT NULL,
	"has_software_license_access" boolean DEFAULT false NOT NULL,
	"is_enrolled_in_pg_course" boolean DEFAULT false NOT NULL,
	"is_o3_chat_available" boolean DEFAULT false NOT NULL,
	"company_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub_chapter_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"slug_id" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"provider" "video_provider" NOT NULL,
	"source" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"cover_image" text,
	"captions_url" text,
	"page_content" text,
	"tools_covered" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_free_preview" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_members" ADD CONSTRAINT "batch_members_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_members" ADD CONSTRAINT "batch_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_version_id_course_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."course_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_versions" ADD CONSTRAINT "course_versions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_version_id_course_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."course_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_blocks" ADD CONSTRAINT "essay_blocks_sub_chapter_id_sub_chapters_id_fk" FOREIGN KEY ("sub_chapter_id") REFERENCES "public"."sub_chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_criteria" ADD CONSTRAINT "essay_criteria_block_id_essay_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."essay_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcq_blocks" ADD CONSTRAINT "mcq_blocks_sub_chapter_id_sub_chapters_id_fk" FOREIGN KEY ("sub_chapter_id") REFERENCES "public"."sub_chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcq_options" ADD CONSTRAINT "mcq_options_question_id_mcq_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."mcq_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcq_questions" ADD CONSTRAINT "mcq_questions_block_id_mcq_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."mcq_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_registrations" ADD CONSTRAINT "meeting_registrations_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_registrations" ADD CONSTRAINT "meeting_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_courses" ADD CONSTRAINT "program_courses_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_courses" ADD CONSTRAINT "program_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_invite_id_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."invites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_chapters" ADD CONSTRAINT "sub_chapters_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_events" ADD CONSTRAINT "user_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_sub_chapter_id_sub_chapters_id_fk" FOREIGN KEY ("sub_chapter_id") REFERENCES "public"."sub_chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_members_user_idx" ON "batch_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_slug_key" ON "chapters" USING btree ("version_id","slug_id");--> statement-breakpoint
CREATE INDEX "chapters_version_idx" ON "chapters" USING btree ("version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_versions_name_key" ON "course_versions" USING btree ("course_id","version_name");--> statement-breakpoint
CREATE INDEX "courses_domain_idx" ON "courses" USING btree ("domain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_user_course_key" ON "enrollments" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "enrollments_course_idx" ON "enrollments" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "essay_blocks_sub_chapter_idx" ON "essay_blocks" USING btree ("sub_chapter_id");--> statement-breakpoint
CREATE INDEX "essay_criteria_block_idx" ON "essay_criteria" USING btree ("block_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invites_token_hash_key" ON "invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invites_user_idx" ON "invites" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mcq_blocks_sub_chapter_idx" ON "mcq_blocks" USING btree ("sub_chapter_id");--> statement-breakpoint
CREATE INDEX "mcq_options_question_idx" ON "mcq_options" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "mcq_questions_block_idx" ON "mcq_questions" USING btree ("block_id");--> statement-breakpoint
CREATE INDEX "meetings_start_idx" ON "meetings" USING btree ("start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_chapters_slug_key" ON "sub_chapters" USING btree ("chapter_id","slug_id");--> statement-breakpoint
CREATE INDEX "sub_chapters_chapter_idx" ON "sub_chapters" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "user_events_user_idx" ON "user_events" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "videos_sub_chapter_idx" ON "videos" USING btree ("sub_chapter_id");