-- Public pages are cached in memory by every server process (src/lib/server/cache). The database
-- itself says when what they show changes: a trigger on every table a public page reads sends
-- NOTIFY page_cache with the tags it touched, e.g. 'c:<campaign id>,lists'. PostgreSQL delivers a
-- notification only when its transaction commits, to every listening process, in commit order; so
-- no code path that writes can forget to invalidate, and no process drops a page for a write that
-- rolled back.
--
-- Tags: c:<campaign id> (that campaign's pages), o:<organisation id> (that organisation's page and
-- the campaigns naming it), lists (pages listing campaigns or organisations: home, search, an
-- organisation's campaigns), site (everything: the banner, lookups, people's names and pictures).
--
-- Arguments: 'prefix:column' tags the row's value of column (old and new row on UPDATE, so a
-- campaign moved between organisations invalidates both); 'update:column' looks up the campaign of
-- a campaign update; a bare word is a constant tag.
CREATE FUNCTION page_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_values jsonb[] := ARRAY[]::jsonb[];
  tags text[] := ARRAY[]::text[];
  row_value jsonb;
  spec text;
  prefix text;
  value text;
BEGIN
  IF TG_LEVEL = 'ROW' AND TG_OP <> 'INSERT' THEN row_values := row_values || to_jsonb(OLD); END IF;
  IF TG_LEVEL = 'ROW' AND TG_OP <> 'DELETE' THEN row_values := row_values || to_jsonb(NEW); END IF;
  FOREACH spec IN ARRAY TG_ARGV LOOP
    IF position(':' IN spec) = 0 THEN
      tags := tags || spec;
      CONTINUE;
    END IF;
    FOREACH row_value IN ARRAY row_values LOOP
      prefix := split_part(spec, ':', 1);
      value := row_value ->> split_part(spec, ':', 2);
      IF value IS NOT NULL AND prefix = 'update' THEN
        SELECT campaign_id::text INTO value FROM campaign_updates WHERE id = value::uuid;
        prefix := 'c';
      END IF;
      IF value IS NOT NULL THEN tags := tags || (prefix || ':' || value); END IF;
    END LOOP;
  END LOOP;
  IF cardinality(tags) > 0 THEN
    PERFORM pg_notify('page_cache', array_to_string(ARRAY(SELECT DISTINCT unnest(tags)), ','));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaigns_page_cache AFTER INSERT OR UPDATE OR DELETE ON campaigns
  FOR EACH ROW EXECUTE FUNCTION page_cache_notify('c:id', 'o:organisation_id', 'lists');
--> statement-breakpoint
CREATE TRIGGER campaign_settings_page_cache AFTER INSERT OR UPDATE OR DELETE ON campaign_settings
  FOR EACH ROW EXECUTE FUNCTION page_cache_notify('c:campaign_id', 'lists');
--> statement-breakpoint
CREATE TRIGGER campaign_images_page_cache AFTER INSERT OR UPDATE OR DELETE ON campaign_images
  FOR EACH ROW EXECUTE FUNCTION page_cache_notify('c:campaign_id', 'lists');
--> statement-breakpoint
CREATE TRIGGER campaign_videos_page_cache AFTER INSERT OR UPDATE OR DELETE ON campaign_videos
  FOR EACH ROW EXECUTE FUNCTION page_cache_notify('c:campaign_id');
--> statement-breakpoint
CREATE TRIGGER campaign_socials_page_cache AFTER INSERT OR UPDATE OR DELETE ON campaign_socials
  FOR EACH ROW EXECUTE FUNCTION page_cache_notify('c:campaign_id');
--> statement-breakpoint
CREATE TRIGGER campaign_addresses_page_cache AFTER INSERT OR UPDATE OR DELETE ON campaign_addresses
  FOR EACH ROW EXECUTE FUNCTION page_cache_notify('c:campaign_id', 'lists');
--> statement-breakpoint
CREATE TRIGGER campaign_updates_page_cache AFTER INSERT OR UPDATE OR DELETE ON campaign_updates
  FOR EACH ROW EXECUTE FUNCTION page_cache_notify('c:campaign_id');
--> statement-breakpoint
CREATE TRIGGER campaign_update_media_page_cache AFTER INSERT OR UPDATE OR DELETE ON campaign_update_media
  FOR EACH ROW EXECUTE FUNCTION page_cache_notify('update:campaign_update_id');
--> statement-breakpoint
CREATE TRIGGER donations_page_cache AFTER INSERT OR UPDATE OR DELETE ON donations
  FOR EACH ROW EXECUTE FUNCTION page_cache_notify('c:campaign_id', 'lists');
--> statement-breakpoint
CREATE TRIGGER team_members_page_cache AFTER INSERT OR UPDATE OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION page_cache_notify('c:campaign_id', 'o:organisation_id');
--> statement-breakpoint
CREATE TRIGGER organisations_page_cache AFTER INSERT OR UPDATE OR DELETE ON organisations
  FOR EACH ROW EXECUTE FUNCTION page_cache_notify('o:id', 'lists');
--> statement-breakpoint
CREATE TRIGGER organisation_sectors_page_cache AFTER INSERT OR UPDATE OR DELETE ON organisation_sectors
  FOR EACH ROW EXECUTE FUNCTION page_cache_notify('o:organisation_id', 'lists');
--> statement-breakpoint
CREATE TRIGGER organisation_addresses_page_cache AFTER INSERT OR UPDATE OR DELETE ON organisation_addresses
  FOR EACH ROW EXECUTE FUNCTION page_cache_notify('o:organisation_id', 'lists');
--> statement-breakpoint
CREATE TRIGGER organisation_videos_page_cache AFTER INSERT OR UPDATE OR DELETE ON organisation_videos
  FOR EACH ROW EXECUTE FUNCTION page_cache_notify('o:organisation_id');
--> statement-breakpoint
CREATE TRIGGER organisation_socials_page_cache AFTER INSERT OR UPDATE OR DELETE ON organisation_socials
  FOR EACH ROW EXECUTE FUNCTION page_cache_notify('o:organisation_id');
--> statement-breakpoint
CREATE TRIGGER organisation_users_page_cache AFTER INSERT OR UPDATE OR DELETE ON organisation_users
  FOR EACH ROW EXECUTE FUNCTION page_cache_notify('o:organisation_id');
--> statement-breakpoint
CREATE TRIGGER organisation_verifications_page_cache AFTER INSERT OR UPDATE OR DELETE ON organisation_verifications
  FOR EACH ROW EXECUTE FUNCTION page_cache_notify('o:organisation_id', 'lists');
--> statement-breakpoint
CREATE TRIGGER banners_page_cache AFTER INSERT OR UPDATE OR DELETE ON banners
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('site');
--> statement-breakpoint
CREATE TRIGGER campaign_categories_page_cache AFTER INSERT OR UPDATE OR DELETE ON campaign_categories
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('site');
--> statement-breakpoint
CREATE TRIGGER campaign_sub_categories_page_cache AFTER INSERT OR UPDATE OR DELETE ON campaign_sub_categories
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('site');
--> statement-breakpoint
CREATE TRIGGER events_page_cache AFTER INSERT OR UPDATE OR DELETE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('site');
--> statement-breakpoint
CREATE TRIGGER sectors_page_cache AFTER INSERT OR UPDATE OR DELETE ON sectors
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('site');
--> statement-breakpoint
CREATE TRIGGER organisation_types_page_cache AFTER INSERT OR UPDATE OR DELETE ON organisation_types
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('site');
--> statement-breakpoint
CREATE TRIGGER currencies_page_cache AFTER INSERT OR UPDATE OR DELETE ON currencies
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('site');
--> statement-breakpoint
-- Names and pictures appear on campaign, organisation and donor lists; logins and passwords do not.
CREATE TRIGGER users_page_cache AFTER UPDATE OF first_name, last_name, image_file_id, active ON users
  FOR EACH ROW WHEN (
    OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.image_file_id IS DISTINCT FROM NEW.image_file_id OR OLD.active IS DISTINCT FROM NEW.active
  ) EXECUTE FUNCTION page_cache_notify('site');
