CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "studio_audit_created_idx";--> statement-breakpoint
ALTER TABLE "studio_audit" ADD COLUMN "target_user_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "access_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "studio_audit" ADD CONSTRAINT "studio_audit_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_audit_target_idx" ON "studio_audit" USING btree ("target_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "studio_audit_user_idx" ON "studio_audit" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "studio_audit_created_idx" ON "studio_audit" USING btree ("created_at","id");--> statement-breakpoint
-- The audit log is append-only: no statement may change or remove a row. Deleting a user or course
-- only clears that reference (the foreign keys' ON DELETE SET NULL), which is let through.
CREATE FUNCTION studio_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.id = OLD.id AND NEW.action = OLD.action AND NEW.summary = OLD.summary AND NEW.created_at = OLD.created_at
     AND NEW.revision IS NOT DISTINCT FROM OLD.revision AND NEW.before IS NOT DISTINCT FROM OLD.before AND NEW.after IS NOT DISTINCT FROM OLD.after
     AND (NEW.user_id IS NOT DISTINCT FROM OLD.user_id OR NEW.user_id IS NULL)
     AND (NEW.course_id IS NOT DISTINCT FROM OLD.course_id OR NEW.course_id IS NULL)
     AND (NEW.target_user_id IS NOT DISTINCT FROM OLD.target_user_id OR NEW.target_user_id IS NULL) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'studio_audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER studio_audit_append_only BEFORE UPDATE OR DELETE ON "studio_audit" FOR EACH ROW EXECUTE FUNCTION studio_audit_append_only();
