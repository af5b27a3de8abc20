CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid,
	"organisation_id" uuid,
	"reason" text NOT NULL,
	"details" text NOT NULL,
	"email" text,
	"user_id" uuid,
	"status" smallint DEFAULT 0 NOT NULL,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_subject_check" CHECK (("reports"."campaign_id" is null) <> ("reports"."organisation_id" is null))
);
--> statement-breakpoint
CREATE TABLE "donation_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donation_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"kind" smallint NOT NULL,
	"method" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"campaign_amount" bigint NOT NULL,
	"tip_amount" bigint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"external_reference" text,
	"failure" text,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "donation_refunds_idempotency_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "donation_refunds_amount_check" CHECK ("donation_refunds"."amount" >= 0 and "donation_refunds"."campaign_amount" >= 0 and "donation_refunds"."tip_amount" >= 0 and "donation_refunds"."amount" + "donation_refunds"."tip_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donation_id" uuid NOT NULL,
	"user_id" uuid,
	"reason" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"refund_id" uuid,
	"decided_by_id" uuid,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donation_receipts" DROP CONSTRAINT "donation_receipts_donation_unique";--> statement-breakpoint
ALTER TABLE "campaign_settings" ADD COLUMN "donations_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_settings" ADD COLUMN "donations_paused_reason" text;--> statement-breakpoint
ALTER TABLE "campaign_settings" ADD COLUMN "payouts_held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_settings" ADD COLUMN "payouts_held_reason" text;--> statement-breakpoint
ALTER TABLE "donation_receipts" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donation_receipts" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "donation_receipts" ADD COLUMN "replaces_receipt_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_refunds" ADD CONSTRAINT "donation_refunds_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_refunds" ADD CONSTRAINT "donation_refunds_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_refunds" ADD CONSTRAINT "donation_refunds_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_refund_id_donation_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."donation_refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_status_campaign_id_index" ON "reports" USING btree ("status","campaign_id");--> statement-breakpoint
CREATE INDEX "reports_status_organisation_id_index" ON "reports" USING btree ("status","organisation_id");--> statement-breakpoint
CREATE INDEX "donation_refunds_donation_id_index" ON "donation_refunds" USING btree ("donation_id");--> statement-breakpoint
CREATE INDEX "donation_refunds_campaign_id_index" ON "donation_refunds" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "refund_requests_status_created_at_index" ON "refund_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "refund_requests_donation_id_index" ON "refund_requests" USING btree ("donation_id");--> statement-breakpoint
ALTER TABLE "donation_receipts" ADD CONSTRAINT "donation_receipts_replaces_receipt_id_donation_receipts_id_fk" FOREIGN KEY ("replaces_receipt_id") REFERENCES "public"."donation_receipts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donation_receipts_donation_unique" ON "donation_receipts" USING btree ("donation_id") WHERE "donation_receipts"."cancelled_at" is null;--> statement-breakpoint
-- The refund ledger's effect on each donation, in one place: what is left of an accepted donation
-- once its refunds and lost disputes (less disputes won back) are taken away. Pending and Completed
-- ledger rows count; Failed rows do not. Every total (raised, available, donors, lists, cards,
-- organisation totals) reads the donations through this view, never donations.amount alone.
CREATE VIEW "donation_net" AS
  SELECT d.*,
    d.campaign_amount - coalesce(r.campaign_cents, 0) AS net_campaign_amount,
    d.amount - coalesce(r.cents, 0) AS net_amount,
    d.tip_amount - coalesce(r.tip_cents, 0) AS net_tip_amount,
    coalesce(r.campaign_cents, 0) AS refunded_campaign_amount
  FROM donations d
  LEFT JOIN LATERAL (
    SELECT
      sum(CASE WHEN x.kind = 3 THEN -x.campaign_amount ELSE x.campaign_amount END) AS campaign_cents,
      sum(CASE WHEN x.kind = 3 THEN -x.amount ELSE x.amount END) AS cents,
      sum(CASE WHEN x.kind = 3 THEN -x.tip_amount ELSE x.tip_amount END) AS tip_cents
    FROM donation_refunds x WHERE x.donation_id = d.id AND x.status IN (0, 1)
  ) r ON true;
--> statement-breakpoint
-- campaigns.raised_cents (0007) follows the refund ledger too: a counting row takes its
-- campaign_amount away (a reversal adds it back), a row that stops counting (Failed) undoes that,
-- in the same transaction as the ledger row.
CREATE FUNCTION donation_refunds_raised_cents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_effect bigint := 0;
  new_effect bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status IN (0, 1) THEN
    old_effect := CASE WHEN OLD.kind = 3 THEN OLD.campaign_amount ELSE -OLD.campaign_amount END;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN (0, 1) THEN
    new_effect := CASE WHEN NEW.kind = 3 THEN NEW.campaign_amount ELSE -NEW.campaign_amount END;
  END IF;
  IF new_effect <> old_effect THEN
    UPDATE campaigns SET raised_cents = raised_cents + new_effect - old_effect
      WHERE id = coalesce(NEW.campaign_id, OLD.campaign_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER donation_refunds_raised_cents AFTER INSERT OR UPDATE OR DELETE ON donation_refunds
  FOR EACH ROW EXECUTE FUNCTION donation_refunds_raised_cents();
--> statement-breakpoint
-- A refund changes what the campaign's pages and the lists show, like a donation (0005).
CREATE TRIGGER donation_refunds_page_cache AFTER INSERT OR UPDATE OR DELETE ON donation_refunds
  FOR EACH ROW EXECUTE FUNCTION page_cache_notify('c:campaign_id', 'lists');
