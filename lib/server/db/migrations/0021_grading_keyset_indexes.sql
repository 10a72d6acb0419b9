DROP INDEX "essay_attempts_submitted_idx";--> statement-breakpoint
CREATE INDEX "essay_attempts_course_submitted_idx" ON "essay_attempts" USING btree ("course_id","submitted_at","id") WHERE status <> 'onProgress';--> statement-breakpoint
CREATE INDEX "essay_attempts_submitted_idx" ON "essay_attempts" USING btree ("submitted_at","id") WHERE status <> 'onProgress';