CREATE TABLE "batch_course_grants" (
	"batch_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"program_id" uuid,
	"course_type" "course_type" NOT NULL,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_course_grants_batch_id_course_id_pk" PRIMARY KEY("batch_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "batch_course_grants" ADD CONSTRAINT "batch_course_grants_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_course_grants" ADD CONSTRAINT "batch_course_grants_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_course_grants" ADD CONSTRAINT "batch_course_grants_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_course_grants" ADD CONSTRAINT "batch_course_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;