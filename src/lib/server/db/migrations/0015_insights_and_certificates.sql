CREATE TABLE "campaign_insight_days" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"donations" integer DEFAULT 0 NOT NULL,
	"new_donors" integer DEFAULT 0 NOT NULL,
	"returning_donors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_insight_days_campaign_id_day_channel_pk" PRIMARY KEY("campaign_id","day","channel"),
	CONSTRAINT "campaign_insight_days_channel_check" CHECK ("campaign_insight_days"."channel" in ('whatsapp', 'facebook', 'x', 'email', 'qr', 'widget', 'snapscan', 'direct', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "campaign_milestones" (
	"campaign_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_milestones_campaign_id_kind_pk" PRIMARY KEY("campaign_id","kind")
);
--> statement-breakpoint
CREATE TABLE "campaign_page_views" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_page_views_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "yearly_certificate_donations" (
	"certificate_id" uuid NOT NULL,
	"donation_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"donated_at" timestamp with time zone NOT NULL,
	"single_receipt_id" uuid,
	CONSTRAINT "yearly_certificate_donations_certificate_id_donation_id_pk" PRIMARY KEY("certificate_id","donation_id")
);
--> statement-breakpoint
CREATE TABLE "yearly_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"tax_year" integer NOT NULL,
	"donor_key" text NOT NULL,
	"issued_by_id" uuid,
	"donor_name" text NOT NULL,
	"donor_tax_number" text DEFAULT '' NOT NULL,
	"donor_address" text DEFAULT '' NOT NULL,
	"donor_email" text NOT NULL,
	"currency_id" smallint DEFAULT 1 NOT NULL,
	"amount" bigint NOT NULL,
	"organisation_name" text NOT NULL,
	"organisation_address" text NOT NULL,
	"pbo_number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	CONSTRAINT "yearly_certificates_organisation_number_unique" UNIQUE("organisation_id","number"),
	CONSTRAINT "yearly_certificates_number_check" CHECK ("yearly_certificates"."number" > 0),
	CONSTRAINT "yearly_certificates_amount_check" CHECK ("yearly_certificates"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "referral_channel" text;--> statement-breakpoint
ALTER TABLE "recurring_donations" ADD COLUMN "referral_channel" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "slug" text;--> statement-breakpoint
-- An event's slug from its name (lower case, words joined by hyphens), its id added when two names agree.
UPDATE "events" e SET "slug" = CASE WHEN n.rank = 1 THEN n.base ELSE n.base || '-' || e.id END
  FROM (
    SELECT id, coalesce(nullif(base, ''), 'event') AS base,
      row_number() OVER (PARTITION BY coalesce(nullif(base, ''), 'event') ORDER BY id) AS rank
    FROM (SELECT id, trim(both '-' from regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')) AS base FROM "events") b
  ) n
  WHERE n.id = e.id;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "owner_mail_opt_outs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_insight_days" ADD CONSTRAINT "campaign_insight_days_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_milestones" ADD CONSTRAINT "campaign_milestones_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_page_views" ADD CONSTRAINT "campaign_page_views_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearly_certificate_donations" ADD CONSTRAINT "yearly_certificate_donations_certificate_id_yearly_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."yearly_certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearly_certificate_donations" ADD CONSTRAINT "yearly_certificate_donations_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearly_certificate_donations" ADD CONSTRAINT "yearly_certificate_donations_single_receipt_id_donation_receipts_id_fk" FOREIGN KEY ("single_receipt_id") REFERENCES "public"."donation_receipts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearly_certificates" ADD CONSTRAINT "yearly_certificates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearly_certificates" ADD CONSTRAINT "yearly_certificates_issued_by_id_users_id_fk" FOREIGN KEY ("issued_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearly_certificates" ADD CONSTRAINT "yearly_certificates_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "yearly_certificate_donations_donation_id_index" ON "yearly_certificate_donations" USING btree ("donation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "yearly_certificates_donor_year_unique" ON "yearly_certificates" USING btree ("organisation_id","tax_year","donor_key") WHERE "yearly_certificates"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "yearly_certificates_organisation_id_tax_year_index" ON "yearly_certificates" USING btree ("organisation_id","tax_year");--> statement-breakpoint
CREATE INDEX "yearly_certificates_donor_key_index" ON "yearly_certificates" USING btree ("donor_key");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_slug_unique" UNIQUE("slug");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_referral_channel_check" CHECK ("referral_channel" in ('whatsapp', 'facebook', 'x', 'email', 'qr', 'widget', 'snapscan', 'direct', 'unknown'));--> statement-breakpoint
ALTER TABLE "recurring_donations" ADD CONSTRAINT "recurring_donations_referral_channel_check" CHECK ("referral_channel" in ('whatsapp', 'facebook', 'x', 'email', 'qr', 'widget', 'snapscan', 'direct', 'unknown'));--> statement-breakpoint
-- A donor's earlier gifts to a campaign, for the dashboard's new and returning donors.
CREATE INDEX "donations_campaign_donor_idx" ON "donations" USING btree ("campaign_id", lower("email")) WHERE "status" = 1;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "campaigns_event_id_idx" ON "campaigns" USING btree ("event_id") WHERE "event_id" IS NOT NULL;--> statement-breakpoint
-- The South African day a gift counts on: the day it settled (or was made, before settlement kept a time).
CREATE FUNCTION donation_insight_day(settled timestamptz, created timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE AS $$ SELECT (coalesce(settled, created) AT TIME ZONE 'Africa/Johannesburg')::date $$;
--> statement-breakpoint
-- What the refund ledger took from a donation, in the campaign's currency (as the view donation_net).
CREATE FUNCTION donation_refunded_campaign_cents(donation uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(CASE WHEN kind = 3 THEN -campaign_amount ELSE campaign_amount END), 0)::bigint
  FROM donation_refunds WHERE donation_id = donation AND status IN (0, 1)
$$;
--> statement-breakpoint
-- campaign_insight_days follows the ledger like campaigns.raised_cents (0007, 0014), in the same
-- transaction. The trigger's name sorts after donations_raised_cents, so the campaign's row is
-- already locked: gifts to one campaign take turns here, and each sees the donor's earlier gifts.
CREATE FUNCTION donations_tally_insights() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gift_day date;
  net bigint;
  seen_before boolean;
  seen_today boolean;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 1 THEN
    net := OLD.campaign_amount - donation_refunded_campaign_cents(OLD.id);
    UPDATE campaign_insight_days SET amount = amount - net, donations = donations - (CASE WHEN net > 0 THEN 1 ELSE 0 END)
      WHERE campaign_id = OLD.campaign_id AND day = donation_insight_day(OLD.settled_at, OLD.created_at)
        AND channel = coalesce(OLD.referral_channel, 'unknown');
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 1 THEN
    gift_day := donation_insight_day(NEW.settled_at, NEW.created_at);
    net := NEW.campaign_amount - donation_refunded_campaign_cents(NEW.id);
    seen_before := false;
    seen_today := false;
    -- Donor counts only when the gift is newly accepted (not when its amount is corrected).
    -- A gift without an address (a SnapScan poster's) is someone new each time.
    IF (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 1) AND NEW.email <> '' THEN
      SELECT coalesce(bool_or(donation_insight_day(x.settled_at, x.created_at) < gift_day), false),
             coalesce(bool_or(donation_insight_day(x.settled_at, x.created_at) >= gift_day), false)
        INTO seen_before, seen_today
        FROM donations x
        WHERE x.campaign_id = NEW.campaign_id AND lower(x.email) = lower(NEW.email) AND x.status = 1 AND x.id <> NEW.id;
    END IF;
    INSERT INTO campaign_insight_days AS c (campaign_id, day, channel, amount, donations, new_donors, returning_donors)
      VALUES (
        NEW.campaign_id, gift_day, coalesce(NEW.referral_channel, 'unknown'), net, CASE WHEN net > 0 THEN 1 ELSE 0 END,
        CASE WHEN (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 1) AND NOT seen_before AND NOT seen_today THEN 1 ELSE 0 END,
        CASE WHEN seen_before AND NOT seen_today THEN 1 ELSE 0 END
      )
      ON CONFLICT (campaign_id, day, channel) DO UPDATE SET
        amount = c.amount + excluded.amount,
        donations = c.donations + excluded.donations,
        new_donors = c.new_donors + excluded.new_donors,
        returning_donors = c.returning_donors + excluded.returning_donors;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER donations_tally_insights AFTER INSERT OR DELETE ON donations
  FOR EACH ROW EXECUTE FUNCTION donations_tally_insights();
--> statement-breakpoint
CREATE TRIGGER donations_tally_insights_update AFTER UPDATE OF status, campaign_amount, campaign_id, referral_channel, settled_at ON donations
  FOR EACH ROW WHEN (
    (OLD.status = 1 OR NEW.status = 1) AND (
      OLD.status IS DISTINCT FROM NEW.status OR OLD.campaign_amount IS DISTINCT FROM NEW.campaign_amount
      OR OLD.campaign_id IS DISTINCT FROM NEW.campaign_id OR OLD.referral_channel IS DISTINCT FROM NEW.referral_channel
      OR OLD.settled_at IS DISTINCT FROM NEW.settled_at
    )
  ) EXECUTE FUNCTION donations_tally_insights();
--> statement-breakpoint
-- A refund, a lost dispute or a won one moves the gift's day and channel: the amount, and its count
-- when it leaves nothing of the gift (or gives the gift back).
CREATE FUNCTION donation_refunds_tally_insights() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_effect bigint := 0;
  new_effect bigint := 0;
  gift donations%ROWTYPE;
  net_after bigint;
  net_before bigint;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status IN (0, 1) THEN
    old_effect := CASE WHEN OLD.kind = 3 THEN OLD.campaign_amount ELSE -OLD.campaign_amount END;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN (0, 1) THEN
    new_effect := CASE WHEN NEW.kind = 3 THEN NEW.campaign_amount ELSE -NEW.campaign_amount END;
  END IF;
  IF new_effect = old_effect THEN RETURN NULL; END IF;
  SELECT * INTO gift FROM donations WHERE id = coalesce(NEW.donation_id, OLD.donation_id);
  IF NOT FOUND OR gift.status <> 1 THEN RETURN NULL; END IF;
  net_after := gift.campaign_amount - donation_refunded_campaign_cents(gift.id);
  net_before := net_after - (new_effect - old_effect);
  UPDATE campaign_insight_days SET
      amount = amount + (new_effect - old_effect),
      donations = donations + (CASE WHEN net_after > 0 THEN 1 ELSE 0 END) - (CASE WHEN net_before > 0 THEN 1 ELSE 0 END)
    WHERE campaign_id = gift.campaign_id AND day = donation_insight_day(gift.settled_at, gift.created_at)
      AND channel = coalesce(gift.referral_channel, 'unknown');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER donation_refunds_tally_insights AFTER INSERT OR UPDATE OR DELETE ON donation_refunds
  FOR EACH ROW EXECUTE FUNCTION donation_refunds_tally_insights();
--> statement-breakpoint
-- The gifts made before this migration, as the triggers would have counted them.
INSERT INTO campaign_insight_days (campaign_id, day, channel, amount, donations, new_donors, returning_donors)
SELECT campaign_id, day, channel, sum(net), count(*) FILTER (WHERE net > 0),
  count(*) FILTER (WHERE donor_day_rank = 1 AND first_day = day),
  count(*) FILTER (WHERE donor_day_rank = 1 AND first_day < day)
FROM (
  SELECT d.campaign_id, donation_insight_day(d.settled_at, d.created_at) AS day, coalesce(d.referral_channel, 'unknown') AS channel,
    d.campaign_amount - donation_refunded_campaign_cents(d.id) AS net,
    min(donation_insight_day(d.settled_at, d.created_at)) OVER (PARTITION BY d.campaign_id, lower(d.email)) AS first_day,
    row_number() OVER (PARTITION BY d.campaign_id, lower(d.email), donation_insight_day(d.settled_at, d.created_at) ORDER BY d.settled_at, d.id) AS donor_day_rank
  FROM donations d WHERE d.status = 1
) g
GROUP BY campaign_id, day, channel;
