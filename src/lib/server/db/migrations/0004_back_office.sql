ALTER TABLE "campaigns" ADD COLUMN "verification_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "verification_rejection_reason" text;--> statement-breakpoint
ALTER TABLE "organisation_verifications" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "banking_details" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "bank_reference" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
-- The audit log is append-only: nothing may change or delete an entry. The one change allowed is
-- the foreign key's own ON DELETE SET NULL, which forgets a deleted account but keeps the entry.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.actor_id IS NULL AND OLD.actor_id IS NOT NULL
     AND (NEW.id, NEW.action, NEW.entity, NEW.entity_id, NEW.details, NEW.before, NEW.after, NEW.at)
       IS NOT DISTINCT FROM (OLD.id, OLD.action, OLD.entity, OLD.entity_id, OLD.details, OLD.before, OLD.after, OLD.at)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'The audit log is append-only: entries cannot be changed or deleted.';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
