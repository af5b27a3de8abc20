/**
 * The scale load as set-based statements: each one INSERT … SELECT over generate_series, no row
 * sent from Node. Ids are md5 of a name and a row number, so a donation finds its campaign
 * without a join and every run makes the same rows.
 */
import { type SQL, sql } from 'drizzle-orm';
import { CampaignStatus, Currency, DonationStatus, PaymentGateway, Visibility } from '../../src/lib/enums';
import { CAUSES, FIRST_NAMES, LAST_NAMES, ORG_KINDS, ORG_WORDS, STORY_WORDS, TOWNS } from './words';

export interface ScaleSizes {
  campaigns: number;
  donations: number;
}

const OWNERS = 5_000;
const ORGANISATIONS = 1_000;
/** Every fifth campaign runs for an organisation (and is owned by its owner). */
const ORGANISATION_EVERY = 5;
/** Every 25th campaign joins one of the demo events, in turn (search's event filter). */
const EVENT_EVERY = 25;

const quote = (word: string): string => `'${word.replaceAll("'", "''")}'`;
const textArray = (words: readonly string[]): string => `array[${words.map(quote).join(',')}]::text[]`;

/** A number in [0, 1) from a salt and a row expression: the same on every run. */
const u = (salt: string, n: string): string =>
  `((hashtext('${salt}:' || (${n})::text) & 2147483647)::float8 / 2147483648)`;
/** An element of `words`, drawn `skew` times towards its start (1 = uniformly). */
const pick = (words: readonly string[], salt: string, n: string, skew = 1): string =>
  `(${textArray(words)})[1 + floor(${words.length} * power(${u(salt, n)}, ${skew}))::int]`;

const userId = (n: string): string => `md5('scale-user-' || (${n})::text)::uuid`;
const organisationId = (n: string): string => `md5('scale-org-' || (${n})::text)::uuid`;
const campaignId = (n: string): string => `md5('scale-campaign-' || (${n})::text)::uuid`;

const provinces = TOWNS.map(([province]) => province);
const towns = TOWNS.flatMap(([, names]) => names);
const provinceOfTown = TOWNS.flatMap(([province, names]) => names.map(() => province));
/** The town of campaign `n` (1-based in `towns`): its address, and the copy search reads (search_city). */
const townNo = (n: string): string => `(1 + floor(${towns.length} * ${u('cw', n)})::int)`;

function users(): string {
  return `insert into users (id, email, first_name, last_name, city, province, active, email_confirmed, created_at)
    select ${userId('n')}, 'scale-owner-' || n || '@example.org',
      ${pick(FIRST_NAMES, 'uf', 'n')}, ${pick(LAST_NAMES, 'ul', 'n')},
      ${pick(towns, 'ut', 'n')}, ${pick(provinces, 'ut', 'n')}, true, true,
      now() - interval '4 years' * ${u('uc', 'n')}
    from generate_series(1, ${OWNERS}) n`;
}

function organisations(): string[] {
  const name = `${pick(ORG_WORDS, 'on', 'n')} || ' ' || ${pick(towns, 'ot', 'n')} || ' ' || ${pick(ORG_KINDS, 'ok', 'n')}`;
  return [
    `insert into organisations (id, legal_name, organisation_type_id, keywords_description, brief_description,
        url, is_verified, created_by_id, created_at)
      select ${organisationId('n')}, ${name} || ' ' || n,
        (select array_agg(id order by id) from organisation_types)[1 + n % greatest(1, (select count(*) from organisation_types))::int],
        ${pick(CAUSES, 'ok1', 'n', 2)} || ', ' || ${pick(CAUSES, 'ok2', 'n')},
        '<p>We raise money for ' || ${pick(CAUSES, 'ob', 'n', 2)} || ' in ' || ${pick(towns, 'ot', 'n')} || '. '
          || ${pick(STORY_WORDS, 'ow1', 'n', 2)} || ' ' || ${pick(STORY_WORDS, 'ow2', 'n', 2)} || '.</p>',
        'scale-org-' || n, n % 3 = 0, ${userId('n')}, now() - interval '4 years' * ${u('oc', 'n')}
      from generate_series(1, ${ORGANISATIONS}) n`,
    `insert into organisation_users (organisation_id, user_id, role)
      select ${organisationId('n')}, ${userId('n')}, 0 from generate_series(1, ${ORGANISATIONS}) n`,
    `insert into organisation_addresses (organisation_id, city, province, country, position)
      select ${organisationId('n')}, ${pick(towns, 'ot', 'n')}, ${pick(provinces, 'op', 'n')}, 'South Africa', 0
      from generate_series(1, ${ORGANISATIONS}) n`,
    `insert into organisation_sectors (organisation_id, sector_id)
      select ${organisationId('n')}, s.ids[1 + n % cardinality(s.ids)]
      from generate_series(1, ${ORGANISATIONS}) n, (select array_agg(id order by id) ids from sectors) s
      where cardinality(s.ids) > 0`,
  ];
}

/** Titles like "Help Thandi with school fees in Soweto": a name, a cause and a town. */
function campaignName(n: string): string {
  return `case floor(3 * ${u('ct', n)})::int
      when 0 then 'Help ' || ${pick(FIRST_NAMES, 'cf', n)} || ' with ' || ${pick(CAUSES, 'cc', n, 2)}
      when 1 then initcap(${pick(CAUSES, 'cc', n, 2)}) || ' for ' || ${pick(towns, 'cw', n)}
      else ${pick(FIRST_NAMES, 'cf', n)} || ' ' || ${pick(LAST_NAMES, 'cl', n)} || ': ' || ${pick(CAUSES, 'cc', n, 2)}
    end`;
}

/** A story of 30 to 80 words in paragraphs, common words more often than rare ones. */
function campaignStory(n: string): string {
  return `'<p>' || (select string_agg(${pick(STORY_WORDS, 'sw', `${n} * 100 + k`, 1.8)}, ' ')
      from generate_series(1, 30 + floor(50 * ${u('sl', n)})::int) k) || '.</p><p>Based in '
      || ${pick(towns, 'cw', n)} || '. We need ' || ${pick(CAUSES, 'cc', n, 2)} || '.</p>'`;
}

function campaigns(count: number): string[] {
  const byOrganisation = `n % ${ORGANISATION_EVERY} = 0`;
  const organisationNo = `1 + (n / ${ORGANISATION_EVERY}) % ${ORGANISATIONS}`;
  const owner = `case when ${byOrganisation} then ${organisationNo} else 1 + (n * 7919) % ${OWNERS} end`;
  // Launched some time in the last three years; a third end (a tenth of those ended already).
  const launched = `now() - interval '3 years' * ${u('cd', 'n')}`;
  const ends = `${u('ce', 'n')} < 0.33`;
  const endDate = `case when ${ends} then now() + interval '1 day' * (floor(400 * ${u('cx', 'n')}) - 40) end`;
  const status = `case when ${u('cs', 'n')} < 0.04 then ${CampaignStatus.Closed} else ${CampaignStatus.Active} end`;
  const inEvent = `n % ${EVENT_EVERY} = 0`;
  return [
    `insert into campaigns (id, owner_id, organisation_id, name, story, start_date, end_date, donation_target,
        offline_donations, url, short_url, visibility, campaign_category_id, status, published, is_verified,
        featured, launched_at, closed_at, created_at, updated_at, event_id, search_city, search_province)
      select ${campaignId('n')}, ${userId(owner)}, case when ${byOrganisation} then ${organisationId(organisationNo)} end,
        ${campaignName('n')}, ${campaignStory('n')}, l.at, ${endDate},
        case when ${u('cg', 'n')} < 0.6 then (1000 + floor(200 * ${u('cv', 'n')}) * 500) * 100 else 0 end,
        case when ${u('co', 'n')} < 0.1 then floor(5000 * ${u('cp', 'n')})::bigint * 100 else 0 end,
        'scale-' || n, 'sc' || n, ${Visibility.Public}, cat.ids[1 + n % cardinality(cat.ids)],
        ${status}, true, ${u('cv2', 'n')} < 0.2, n % 4000 = 0, l.at,
        case when ${status} = ${CampaignStatus.Closed} then l.at + interval '30 days' end,
        l.at - interval '2 days', l.at,
        case when ${inEvent} then ev.ids[1 + (n / ${EVENT_EVERY}) % greatest(1, cardinality(ev.ids))] end,
        (${textArray(towns)})[${townNo('n')}], (${textArray(provinceOfTown)})[${townNo('n')}]
      from generate_series(1, ${count}) n
        cross join lateral (select ${launched} as at) l,
        (select array_agg(id order by id) ids from campaign_categories where id <> 0) cat,
        (select array_agg(id order by id) ids from events) ev`,
    `insert into campaign_settings (campaign_id, currency_id)
      select ${campaignId('n')}, case when n % 10 = 3 then ${Currency.Dollar} else ${Currency.Rand} end
      from generate_series(1, ${count}) n`,
    `insert into campaign_addresses (campaign_id, city, province, country)
      select ${campaignId('n')}, t.towns[i], t.provinces[i], 'South Africa'
      from generate_series(1, ${count}) n,
        (select ${textArray(towns)} towns, ${textArray(provinceOfTown)} provinces) t,
        lateral (select ${townNo('n')} as i) w`,
    // Images are optional: a third of the campaigns show one of the demo pictures, if there are any.
    `insert into campaign_images (campaign_id, file_id, position)
      select ${campaignId('n')}, f.ids[1 + n % cardinality(f.ids)], 0
      from generate_series(1, ${count}) n,
        (select array_agg(id order by id) ids from stored_files where url is not null and not is_private) f
      where n % 3 = 0 and cardinality(f.ids) > 0`,
  ];
}

/**
 * Settled donations, skewed like real giving: campaign k is drawn as count * u³, so the first 1 %
 * of campaigns get about a fifth of all donations and most campaigns get a handful or none.
 */
function donations(sizes: ScaleSizes): string {
  const k = `1 + floor(${sizes.campaigns} * power(${u('dk', 'g')}, 3))::int`;
  const amount = `(20 + floor(1500 * power(${u('da', 'g')}, 2)))::bigint * 100`;
  const at = `now() - interval '3 years' * ${u('dt', 'g')}`;
  return `insert into donations (campaign_id, currency_id, amount, campaign_amount, tip_amount, payment_method,
      status, first_name, last_name, email, anonymous, comment, reference, settled_at, receipt_sent_at,
      owner_notified_at, created_at, updated_at)
    select ${campaignId('d.k')}, case when d.k % 10 = 3 then ${Currency.Dollar} else ${Currency.Rand} end,
      d.amount, d.amount, case when g % 3 = 0 then d.amount / 10 else 0 end,
      ${PaymentGateway.InstantEFT} + g % 3, ${DonationStatus.Accepted},
      ${pick(FIRST_NAMES, 'df', 'g % 200000')}, ${pick(LAST_NAMES, 'dl', 'g % 200000')},
      'donor' || (g % 200000) || '@example.org', g % 10 = 0,
      case when g % 4 = 0 then ${pick(STORY_WORDS, 'dc', 'g', 2)} || ' ' || ${pick(STORY_WORDS, 'dd', 'g', 2)} end,
      'scale-d-' || g, d.at, d.at, d.at, d.at, d.at
    from generate_series(1, ${sizes.donations}) g
      cross join lateral (select ${k} as k, ${amount} as amount, ${at} as at) d`;
}

/** The statements in order, each with a label for the progress lines. */
export function scaleStatements(sizes: ScaleSizes): [label: string, statement: SQL][] {
  const labelled: [string, string][] = [
    ['owners', users()],
    ...organisations().map((s, i): [string, string] => [`organisations ${i + 1}/4`, s]),
    ...campaigns(sizes.campaigns).map((s, i): [string, string] => [`campaigns ${i + 1}/4`, s]),
    ['donations', donations(sizes)],
  ];
  return labelled.map(([label, text]) => [label, sql.raw(text)]);
}
