ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
-- The audit log stays append-only, with one more change let through: once a person is deleted on
-- request, the entries about them (target_user_id) keep what was done, by whom and when, and lose
-- what was recorded of the person: the summary becomes the fixed text below, before and after empty.
CREATE OR REPLACE FUNCTION studio_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.id = OLD.id AND NEW.action = OLD.action AND NEW.summary = OLD.summary AND NEW.created_at = OLD.created_at
     AND NEW.revision IS NOT DISTINCT FROM OLD.revision AND NEW.before IS NOT DISTINCT FROM OLD.before AND NEW.after IS NOT DISTINCT FROM OLD.after
     AND (NEW.user_id IS NOT DISTINCT FROM OLD.user_id OR NEW.user_id IS NULL)
     AND (NEW.course_id IS NOT DISTINCT FROM OLD.course_id OR NEW.course_id IS NULL)
     AND (NEW.target_user_id IS NOT DISTINCT FROM OLD.target_user_id OR NEW.target_user_id IS NULL) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE'
     AND NEW.id = OLD.id AND NEW.action = OLD.action AND NEW.created_at = OLD.created_at
     AND NEW.revision IS NOT DISTINCT FROM OLD.revision
     AND NEW.user_id IS NOT DISTINCT FROM OLD.user_id AND NEW.course_id IS NOT DISTINCT FROM OLD.course_id
     AND NEW.target_user_id IS NOT DISTINCT FROM OLD.target_user_id
     AND NEW.summary = 'Erased: the person was deleted on request' AND NEW.before IS NULL AND NEW.after IS NULL
     AND EXISTS (SELECT 1 FROM users WHERE users.id = OLD.target_user_id AND users.deleted_at IS NOT NULL) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'studio_audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
