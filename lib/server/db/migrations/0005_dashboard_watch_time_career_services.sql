CREATE TABLE "career_service_records" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"cset_attempts_allowed" integer NOT NULL,
	"cset_attempts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mock_interviews_granted" integer DEFAULT 0 NOT NULL,
	"mock_interviews_used" integer DEFAULT 0 NOT NULL,
	"client_interviews_granted" integer DEFAULT 0 NOT NULL,
	"client_interviews_used" integer DEFAULT 0 NOT NULL,
	"offers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_watch_time" (
	"user_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"watched_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"watched_seconds" real DEFAULT 0 NOT NULL,
	CONSTRAINT "video_watch_time_user_id_video_id_slot_start_pk" PRIMARY KEY("user_id","video_id","slot_start")
);
--> statement-breakpoint
ALTER TABLE "career_service_records" ADD CONSTRAINT "career_service_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_watch_time" ADD CONSTRAINT "video_watch_time_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_watch_time" ADD CONSTRAINT "video_watch_time_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_watch_time" ADD CONSTRAINT "video_watch_time_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_watch_time_user_slot_idx" ON "video_watch_time" USING btree ("user_id","slot_start");