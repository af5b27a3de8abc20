-- Search at scale (issue 28): each search /find-campaign can make reads its page and its count off
-- indexes (server/campaigns/search.ts and server/organisations/search.ts say which).
--
-- pg_trgm: trigram indexes for the place filter (ILIKE '%text%' on city and province). It ships with
-- PostgreSQL and is a trusted extension: whoever may create objects in the database may create it.
-- Where it cannot be created this migration stops, saying why and what to do (docs/DEPLOY.md).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE EXCEPTION 'Letsema needs the PostgreSQL extension pg_trgm, which could not be created: %', SQLERRM
    USING HINT = 'Install PostgreSQL''s contrib modules (part of the postgresql package on Debian and Ubuntu; postgresql-contrib on RHEL and older systems), or have the database''s owner or a superuser run CREATE EXTENSION pg_trgm; in this database once, then start again. See docs/DEPLOY.md.';
END $$;
--> statement-breakpoint
-- search_city and search_province: the city and province of the campaign's address (campaign_addresses,
-- one row per campaign), copied into the campaign's row by a trigger in the same transaction. The place
-- filter then tests the campaign's own row, and its trigram indexes narrow a search together with the
-- other filters' indexes, instead of a lookup of the address of each campaign read. Left out of the
-- Drizzle schema, as search_document (schema/campaigns.ts says why).
ALTER TABLE "campaigns" ADD COLUMN "search_city" text, ADD COLUMN "search_province" text;--> statement-breakpoint
CREATE FUNCTION campaign_addresses_search_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.campaign_id IS DISTINCT FROM NEW.campaign_id) THEN
    UPDATE campaigns SET search_city = NULL, search_province = NULL WHERE id = OLD.campaign_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE campaigns SET search_city = NEW.city, search_province = NEW.province
    WHERE id = NEW.campaign_id
      AND (search_city IS DISTINCT FROM NEW.city OR search_province IS DISTINCT FROM NEW.province);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaign_addresses_search_place AFTER INSERT OR DELETE OR UPDATE OF city, province, campaign_id
  ON campaign_addresses FOR EACH ROW EXECUTE FUNCTION campaign_addresses_search_place();
--> statement-breakpoint
UPDATE "campaigns" c SET "search_city" = a."city", "search_province" = a."province"
  FROM "campaign_addresses" a
  WHERE a."campaign_id" = c."id" AND (a."city" IS NOT NULL OR a."province" IS NOT NULL);--> statement-breakpoint
-- The text search document, kept by PostgreSQL in the row (the expression campaigns_search_idx
-- indexed before): a search walking an order's index tests each row's stored words instead of
-- parsing its story again. Adding it rewrites the table, which also drops what the update above left.
ALTER TABLE "campaigns" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "name" || ' ' || "story")) STORED;--> statement-breakpoint
DROP INDEX "campaigns_search_idx";--> statement-breakpoint
CREATE INDEX "campaigns_search_idx" ON "campaigns" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "campaigns_searchable_city_trgm_idx" ON "campaigns" USING gin ("search_city" gin_trgm_ops) WHERE "published" AND "status" <> 1 AND "visibility" = 1;--> statement-breakpoint
CREATE INDEX "campaigns_searchable_province_trgm_idx" ON "campaigns" USING gin ("search_province" gin_trgm_ops) WHERE "published" AND "status" <> 1 AND "visibility" = 1;--> statement-breakpoint
CREATE INDEX "campaigns_searchable_ending_soon_idx" ON "campaigns" USING btree ("end_date","id") WHERE "campaigns"."published" and "campaigns"."status" = 0 and "campaigns"."visibility" = 1;--> statement-breakpoint
CREATE INDEX "campaigns_searchable_end_date_idx" ON "campaigns" USING btree ("end_date","id") WHERE "campaigns"."published" and "campaigns"."status" <> 1 and "campaigns"."visibility" = 1;--> statement-breakpoint
-- Cards and organisation cards sum accepted donations from the ledger (raisedCentsSql, the
-- organisations' received): with the amount and the id in the index that finds a campaign's accepted
-- donations, the sum reads the index alone instead of a table page per donation.
DROP INDEX "donations_campaign_donor_idx";--> statement-breakpoint
CREATE INDEX "donations_campaign_donor_idx" ON "donations" USING btree ("campaign_id", lower("email")) INCLUDE ("campaign_amount", "id") WHERE "status" = 1;--> statement-breakpoint
CREATE TABLE "organisation_raised" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"at_par_cents" bigint DEFAULT 0 NOT NULL,
	"dollar_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation_raised" ADD CONSTRAINT "organisation_raised_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- organisation_raised follows campaigns.raised_cents (0007) as that follows the ledger: every change
-- to a campaign's counter, organisation or currency adds to or takes from its organisation's sums in
-- the same transaction. Increments, so two campaigns of one organisation settling at once both
-- count. A campaign in US dollars (currency 2) counts in dollar_cents, any other (or one without
-- settings, as the search's left join reads it) in at_par_cents.
CREATE FUNCTION organisation_raised_add(organisation uuid, currency integer, cents bigint) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO organisation_raised AS r (organisation_id, at_par_cents, dollar_cents)
  SELECT organisation, CASE WHEN currency IS DISTINCT FROM 2 THEN cents ELSE 0 END,
    CASE WHEN currency = 2 THEN cents ELSE 0 END
  WHERE organisation IS NOT NULL AND cents <> 0
  ON CONFLICT (organisation_id) DO UPDATE SET at_par_cents = r.at_par_cents + excluded.at_par_cents,
    dollar_cents = r.dollar_cents + excluded.dollar_cents
$$;
--> statement-breakpoint
-- A campaign's settings go with it (ON DELETE CASCADE, before this runs): a deleted campaign counts
-- in no currency. It has raised nothing by then: its donations (kept by a foreign key) went first.
CREATE FUNCTION campaigns_organisation_raised() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  currency integer;
BEGIN
  SELECT currency_id INTO currency FROM campaign_settings WHERE campaign_id = coalesce(NEW.id, OLD.id);
  IF TG_OP = 'UPDATE' AND OLD.organisation_id IS NOT DISTINCT FROM NEW.organisation_id THEN
    PERFORM organisation_raised_add(NEW.organisation_id, currency, NEW.raised_cents - OLD.raised_cents);
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM organisation_raised_add(OLD.organisation_id, currency, -OLD.raised_cents);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM organisation_raised_add(NEW.organisation_id, currency, NEW.raised_cents);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaigns_organisation_raised_insert AFTER INSERT ON campaigns
  FOR EACH ROW WHEN (NEW.organisation_id IS NOT NULL AND NEW.raised_cents <> 0)
  EXECUTE FUNCTION campaigns_organisation_raised();
--> statement-breakpoint
CREATE TRIGGER campaigns_organisation_raised_update AFTER UPDATE OF raised_cents, organisation_id ON campaigns
  FOR EACH ROW WHEN (
    (OLD.organisation_id IS NOT NULL OR NEW.organisation_id IS NOT NULL)
    AND (OLD.raised_cents IS DISTINCT FROM NEW.raised_cents OR OLD.organisation_id IS DISTINCT FROM NEW.organisation_id)
  ) EXECUTE FUNCTION campaigns_organisation_raised();
--> statement-breakpoint
CREATE TRIGGER campaigns_organisation_raised_delete AFTER DELETE ON campaigns
  FOR EACH ROW WHEN (OLD.organisation_id IS NOT NULL AND OLD.raised_cents <> 0)
  EXECUTE FUNCTION campaigns_organisation_raised();
--> statement-breakpoint
-- A campaign's currency set, changed or removed: its raised cents move from one sum to the other.
CREATE FUNCTION campaign_settings_organisation_raised() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  SELECT organisation_id, raised_cents INTO c FROM campaigns WHERE id = coalesce(NEW.campaign_id, OLD.campaign_id);
  IF c.organisation_id IS NOT NULL AND c.raised_cents <> 0 THEN
    PERFORM organisation_raised_add(c.organisation_id, OLD.currency_id, -c.raised_cents);
    PERFORM organisation_raised_add(c.organisation_id, NEW.currency_id, c.raised_cents);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaign_settings_organisation_raised AFTER INSERT OR DELETE ON campaign_settings
  FOR EACH ROW EXECUTE FUNCTION campaign_settings_organisation_raised();
--> statement-breakpoint
CREATE TRIGGER campaign_settings_organisation_raised_update AFTER UPDATE OF currency_id ON campaign_settings
  FOR EACH ROW WHEN (OLD.currency_id IS DISTINCT FROM NEW.currency_id)
  EXECUTE FUNCTION campaign_settings_organisation_raised();
--> statement-breakpoint
INSERT INTO organisation_raised (organisation_id, at_par_cents, dollar_cents)
  SELECT c.organisation_id, coalesce(sum(c.raised_cents) FILTER (WHERE cs.currency_id IS DISTINCT FROM 2), 0),
    coalesce(sum(c.raised_cents) FILTER (WHERE cs.currency_id = 2), 0)
  FROM campaigns c LEFT JOIN campaign_settings cs ON cs.campaign_id = c.id
  WHERE c.organisation_id IS NOT NULL
  GROUP BY c.organisation_id;
--> statement-breakpoint
-- Statistics of the new column and indexes now, rather than when autovacuum next looks at campaigns.
ANALYZE "campaigns";
