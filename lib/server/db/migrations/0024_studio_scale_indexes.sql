DROP INDEX "essay_attempts_submitted_idx";--> statement-breakpoint
CREATE INDEX "essay_attempts_course_submitted_idx" ON "essay_attempts" USING btree ("course_id","submitted_at","id") WHERE status <> 'onProgress';--> statement-breakpoint
CREATE INDEX "users_name_id_idx" ON "users" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_email_id_idx" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "essay_attempts_submitted_idx" ON "essay_attempts" USING btree ("submitted_at","id") WHERE status <> 'onProgress';