ALTER TABLE "campaigns" ADD COLUMN "raised_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "campaigns_searchable_most_raised_idx" ON "campaigns" USING btree ("raised_cents" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id") WHERE "campaigns"."published" and "campaigns"."status" <> 1 and "campaigns"."visibility" = 1;--> statement-breakpoint
-- campaigns.raised_cents follows the ledger: every change to an accepted donation (status 1) adds
-- or takes away its campaign_amount, in the same transaction. Increments rather than a recount, so
-- two donations settling at once both count: the second waits for the first's row lock and then
-- adds to the value it left (a recount would use a snapshot taken before the first committed).
CREATE FUNCTION campaigns_raised_cents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 1 THEN
    UPDATE campaigns SET raised_cents = raised_cents - OLD.campaign_amount WHERE id = OLD.campaign_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 1 THEN
    UPDATE campaigns SET raised_cents = raised_cents + NEW.campaign_amount WHERE id = NEW.campaign_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER donations_raised_cents AFTER INSERT OR DELETE ON donations
  FOR EACH ROW EXECUTE FUNCTION campaigns_raised_cents();
--> statement-breakpoint
CREATE TRIGGER donations_raised_cents_update AFTER UPDATE OF status, campaign_amount, campaign_id ON donations
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.campaign_amount IS DISTINCT FROM NEW.campaign_amount
    OR OLD.campaign_id IS DISTINCT FROM NEW.campaign_id
  ) EXECUTE FUNCTION campaigns_raised_cents();
--> statement-breakpoint
UPDATE campaigns c SET raised_cents = totals.cents
  FROM (SELECT campaign_id, sum(campaign_amount) AS cents FROM donations WHERE status = 1 GROUP BY campaign_id) totals
  WHERE totals.campaign_id = c.id;
