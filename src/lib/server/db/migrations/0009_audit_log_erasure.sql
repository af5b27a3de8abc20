-- The audit log stays append-only, with one more allowed change: a POPIA erasure
-- (src/lib/server/privacy/eraseAccount.ts) blanks a deleted user's personal values inside an
-- entry's details/before/after. It says so with a transaction-local setting
-- (set_config('letsema.erasure', 'on', true)); who did what, to what and when never change, and
-- nothing is ever deleted.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.actor_id IS NULL AND OLD.actor_id IS NOT NULL
     AND (NEW.id, NEW.action, NEW.entity, NEW.entity_id, NEW.details, NEW.before, NEW.after, NEW.at)
       IS NOT DISTINCT FROM (OLD.id, OLD.action, OLD.entity, OLD.entity_id, OLD.details, OLD.before, OLD.after, OLD.at)
  THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND current_setting('letsema.erasure', true) = 'on'
     AND (NEW.id, NEW.action, NEW.entity, NEW.entity_id, NEW.at, NEW.actor_id)
       IS NOT DISTINCT FROM (OLD.id, OLD.action, OLD.entity, OLD.entity_id, OLD.at, OLD.actor_id)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'The audit log is append-only: entries cannot be changed or deleted.';
END $$;
