CREATE TABLE "essay_evaluation_keys" (
	"attempt_id" uuid NOT NULL,
	"grader_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "essay_evaluation_keys_attempt_id_grader_id_idempotency_key_pk" PRIMARY KEY("attempt_id","grader_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "essay_evaluation_keys" ADD CONSTRAINT "essay_evaluation_keys_attempt_id_essay_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."essay_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_evaluation_keys" ADD CONSTRAINT "essay_evaluation_keys_grader_id_users_id_fk" FOREIGN KEY ("grader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;