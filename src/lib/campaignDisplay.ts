/**
 * Display rules of the campaign cards (SPEC §2), shared by the server-rendered
 * highlight card and the React cards of the campaign pages.
 */

import { m } from '~/lib/i18n';
import {
  canonicalVideoUrl,
  embedVideoUrl,
  parseVideoUrl,
  type VideoProvider,
} from '~/lib/schemas/campaignVideos';
import { type DurationUnit, durationInUnits, southAfricanDate, toDate } from './dates';
import {
  BarometerDisplay,
  BLUETICK_FUNDING_TYPE,
  CAMPAIGN_CATEGORY_NAMES,
  CampaignStatus,
  OrgUserRole,
} from './enums';
import { shortMonthName } from './months';

/**
 * `formatShortDate` of src/lib/dates.ts (DD MMM 'YY in SAST) with the month in the page's
 * language: "05 Mar '26" in English, "05 Mas '26" in isiZulu; '' for a missing date. For the
 * public pages; mails, receipts and exports keep `formatShortDate`. (Not in dates.ts: the server's
 * entry point loads that file as it is, where the messages cannot be imported.)
 */
export function formatLocalShortDate(value: string | Date | null | undefined): string {
  const day = southAfricanDate(value);
  if (!day) return '';
  const [year = '', month = '', date = ''] = day.split('-');
  return `${date} ${shortMonthName(Number(month))} '${year.slice(-2)}`;
}

/**
 * `formatShortDuration` of src/lib/dates.ts in the page's language: the largest whole unit that
 * fits, "45 sec", "12 min", "3 hr", "1 day", "5 days", "2 wk", "1 yr" in English.
 */
export function formatLocalShortDuration(ms: number): string {
  const { unit, count } = durationInUnits(ms);
  const words: Readonly<Record<DurationUnit, (input: { count: number }) => string>> = {
    sec: m.campaign_duration_sec,
    min: m.campaign_duration_min,
    hr: m.campaign_duration_hr,
    day: m.campaign_duration_day,
    wk: m.campaign_duration_wk,
    yr: m.campaign_duration_yr,
  };
  return words[unit]({ count });
}

export type CampaignType = 'bluetick' | 'independent' | 'organisation' | 'champion';

export const CAMPAIGN_TYPE_LABELS: Readonly<Record<CampaignType, string>> = {
  bluetick: 'Bluetick campaign',
  independent: 'Independent campaign',
  organisation: 'Organisation campaign',
  champion: 'Champion campaign',
};

/** A campaign type's label in the page's language (CAMPAIGN_TYPE_LABELS is the English, for the back office). */
export function campaignTypeLabel(type: CampaignType): string {
  const labels: Record<CampaignType, () => string> = {
    bluetick: m.campaign_type_bluetick,
    independent: m.campaign_type_independent,
    organisation: m.campaign_type_organisation,
    champion: m.campaign_type_champion,
  };
  return labels[type]();
}

/** A campaign status in the page's language: campaignStatusLabel's words ('Active' … 'Unknown') in English. */
export function campaignStatusText(status: number): string {
  const labels: Record<number, () => string> = {
    [CampaignStatus.Active]: m.campaign_status_active,
    [CampaignStatus.Hidden]: m.campaign_status_hidden,
    [CampaignStatus.Expired]: m.campaign_status_expired,
    [CampaignStatus.Closed]: m.campaign_status_closed,
  };
  return (labels[status] ?? m.campaign_status_unknown)();
}

/** 'Yes' or 'No' of the Verified field, in the page's language. */
export function yesNoText(yes: boolean): string {
  return yes ? m.campaign_yes() : m.campaign_no();
}

/**
 * A campaign category's name in the page's language, by its id (SPEC §3 categories 0 to 16, the
 * names of CAMPAIGN_CATEGORY_NAMES); a category whose stored name differs keeps that name.
 */
export function campaignCategoryName(category: { id: number; name: string }): string {
  const names: Record<number, () => string> = {
    0: m.campaign_category_0,
    1: m.campaign_category_1,
    2: m.campaign_category_2,
    3: m.campaign_category_3,
    4: m.campaign_category_4,
    5: m.campaign_category_5,
    6: m.campaign_category_6,
    7: m.campaign_category_7,
    8: m.campaign_category_8,
    9: m.campaign_category_9,
    10: m.campaign_category_10,
    11: m.campaign_category_11,
    12: m.campaign_category_12,
    13: m.campaign_category_13,
    14: m.campaign_category_14,
    15: m.campaign_category_15,
    16: m.campaign_category_16,
  };
  const english: Readonly<Record<number, string>> = CAMPAIGN_CATEGORY_NAMES;
  const translated = english[category.id] === category.name ? names[category.id] : undefined;
  return translated ? translated() : category.name;
}

/**
 * A sub-category's name in the page's language, by its English name (the names of
 * src/lib/server/db/seed/sub-categories.ts); a name the site does not know stays as stored.
 */
export function campaignSubCategoryName(name: string): string {
  const names: Readonly<Record<string, () => string>> = {
    General: m.campaign_subcategory_general,
    'Registered NPO': m.campaign_subcategory_registered_npo,
    'Public Benefit Organisation': m.campaign_subcategory_public_benefit_organisation,
    'Non-Profit Company': m.campaign_subcategory_non_profit_company,
    'Faith-Based Organisation': m.campaign_subcategory_faith_based_organisation,
    'Medical treatment': m.campaign_subcategory_medical_treatment,
    Surgery: m.campaign_subcategory_surgery,
    'Cancer treatment': m.campaign_subcategory_cancer_treatment,
    'Chronic illness': m.campaign_subcategory_chronic_illness,
    'Mental health': m.campaign_subcategory_mental_health,
    'Dental care': m.campaign_subcategory_dental_care,
    'Cosmetic and reconstructive': m.campaign_subcategory_cosmetic_and_reconstructive,
    'Funeral costs': m.campaign_subcategory_funeral_costs,
    'Memorial fund': m.campaign_subcategory_memorial_fund,
    'Support for the family': m.campaign_subcategory_support_for_the_family,
    'Tombstone unveiling': m.campaign_subcategory_tombstone_unveiling,
    'Fire relief': m.campaign_subcategory_fire_relief,
    'Flood relief': m.campaign_subcategory_flood_relief,
    'Drought relief': m.campaign_subcategory_drought_relief,
    'Storm damage': m.campaign_subcategory_storm_damage,
    'Emergency food parcels': m.campaign_subcategory_emergency_food_parcels,
    'School fees': m.campaign_subcategory_school_fees,
    'University and college fees': m.campaign_subcategory_university_and_college_fees,
    Bursaries: m.campaign_subcategory_bursaries,
    'Books and stationery': m.campaign_subcategory_books_and_stationery,
    'Skills training': m.campaign_subcategory_skills_training,
    'School infrastructure': m.campaign_subcategory_school_infrastructure,
    'Team travel and tournaments': m.campaign_subcategory_team_travel_and_tournaments,
    'Equipment and kit': m.campaign_subcategory_equipment_and_kit,
    'Athlete development': m.campaign_subcategory_athlete_development,
    'Charity challenge (run, ride, swim)': m.campaign_subcategory_charity_challenge_run_ride_swim,
    'Community projects': m.campaign_subcategory_community_projects,
    'Soup kitchens and food security': m.campaign_subcategory_soup_kitchens_and_food_security,
    Shelters: m.campaign_subcategory_shelters,
    'Early childhood development': m.campaign_subcategory_early_childhood_development,
    'Older persons': m.campaign_subcategory_older_persons,
    'Gender-based violence support': m.campaign_subcategory_gender_based_violence_support,
    'Youth programmes': m.campaign_subcategory_youth_programmes,
    Mentorship: m.campaign_subcategory_mentorship,
    'Holiday clubs and camps': m.campaign_subcategory_holiday_clubs_and_camps,
    'Youth employment': m.campaign_subcategory_youth_employment,
    Music: m.campaign_subcategory_music,
    'Film and theatre': m.campaign_subcategory_film_and_theatre,
    'Visual arts': m.campaign_subcategory_visual_arts,
    Heritage: m.campaign_subcategory_heritage,
    Dance: m.campaign_subcategory_dance,
    'Wildlife and anti-poaching': m.campaign_subcategory_wildlife_and_anti_poaching,
    'Marine conservation': m.campaign_subcategory_marine_conservation,
    'Tree planting and rehabilitation': m.campaign_subcategory_tree_planting_and_rehabilitation,
    'Clean-ups and recycling': m.campaign_subcategory_clean_ups_and_recycling,
    'Rescue and rehoming': m.campaign_subcategory_rescue_and_rehoming,
    'Sterilisation campaigns': m.campaign_subcategory_sterilisation_campaigns,
    'Veterinary care': m.campaign_subcategory_veterinary_care,
    'Animal shelters and sanctuaries': m.campaign_subcategory_animal_shelters_and_sanctuaries,
    'Vehicle repairs': m.campaign_subcategory_vehicle_repairs,
    'Adapted vehicle': m.campaign_subcategory_adapted_vehicle,
    'Transport for a project': m.campaign_subcategory_transport_for_a_project,
    'Rebuilding a home': m.campaign_subcategory_rebuilding_a_home,
    'Home repairs': m.campaign_subcategory_home_repairs,
    'Accessibility adaptations': m.campaign_subcategory_accessibility_adaptations,
    'Rent and housing support': m.campaign_subcategory_rent_and_housing_support,
    'Small business start-up': m.campaign_subcategory_small_business_start_up,
    'App or technology': m.campaign_subcategory_app_or_technology,
    'Equipment and stock': m.campaign_subcategory_equipment_and_stock,
    'Recovery after loss': m.campaign_subcategory_recovery_after_loss,
    'Legal fees': m.campaign_subcategory_legal_fees,
    'Human rights cases': m.campaign_subcategory_human_rights_cases,
    'Community legal action': m.campaign_subcategory_community_legal_action,
    Other: m.campaign_subcategory_other,
  };
  return Object.hasOwn(names, name) ? (names[name]?.() ?? name) : name;
}

export interface CampaignTypeInput {
  fundingType: number;
  organisation: unknown;
  ownerOrgRole: number | null;
}

/** The campaign-type indicator: Bluetick / Independent without an organisation, Organisation / Champion with one. */
export function campaignTypeOf({ fundingType, organisation, ownerOrgRole }: CampaignTypeInput): CampaignType {
  if (organisation) return ownerOrgRole === OrgUserRole.Champion ? 'champion' : 'organisation';
  return fundingType === BLUETICK_FUNDING_TYPE ? 'bluetick' : 'independent';
}

export interface CampaignTimeInput {
  status: number;
  startDate: string | Date | null;
  endDate: string | Date | null;
}

export interface CampaignTimeDisplay {
  /** 'Time left' or 'Starts in:' (in the page's language). */
  label: string;
  value: string;
}

const isFinished = (status: number): boolean =>
  status === CampaignStatus.Expired || status === CampaignStatus.Closed;

/**
 * 'Starts in:' before the start date, otherwise 'Time left': '0 days' once
 * ended, expired or closed, 'Open' without an end date, else the time to the end.
 */
export function campaignTimeDisplay(
  campaign: CampaignTimeInput,
  now: Date = new Date(),
): CampaignTimeDisplay {
  const timeLeft = m.campaign_time_left();
  if (isFinished(campaign.status)) return { label: timeLeft, value: m.campaign_time_zero_days() };
  const start = toDate(campaign.startDate);
  if (start && start.getTime() > now.getTime()) {
    return {
      label: m.campaign_starts_in(),
      value: formatLocalShortDuration(start.getTime() - now.getTime()),
    };
  }
  const end = toDate(campaign.endDate);
  if (!end) return { label: timeLeft, value: m.campaign_time_open() };
  const remaining = end.getTime() - now.getTime();
  return {
    label: timeLeft,
    value: remaining > 0 ? formatLocalShortDuration(remaining) : m.campaign_time_zero_days(),
  };
}

/** Total raised against the target as a percentage with 2 decimals ("12.50"); "0.00" without a target. */
export function progressPercent(totalRaised: number, donationTarget: number): string {
  if (!(donationTarget > 0) || !Number.isFinite(totalRaised)) return '0.00';
  const cents = Math.round((totalRaised / donationTarget) * 10_000);
  return (cents / 100).toFixed(2);
}

/** The 'Not launched' marker: unpublished and neither expired nor closed. */
export function isNotLaunched(campaign: { published: boolean; status: number }): boolean {
  return !campaign.published && !isFinished(campaign.status);
}

/** The public page of a campaign (SPEC §2: the card's image and name open /campaign/{url}). */
export function campaignHref(url: string): string {
  return `/campaign/${encodeURIComponent(url)}`;
}

/** Where the Donate button leads (the donation flow, SPEC §2 /donation/*). */
export function donationHref(url: string): string {
  return `/donation/${encodeURIComponent(url)}`;
}

/** The donor's page for a donation (every gateway's return address, the receipt's link): /thanks with its token. */
export function thanksHref(donationToken: string): string {
  return `/thanks?donation=${encodeURIComponent(donationToken)}`;
}

/**
 * Where a monthly donation is managed by its scheduler token (SPEC §1: with or without an
 * account): the link in a guest's mails; its change and cancel work without signing in.
 */
export function monthlyDonationHref(schedulerToken: string): string {
  return `/monthly-donation?token=${encodeURIComponent(schedulerToken)}`;
}

/** Whether the Donate button leads anywhere: a launched, active campaign whose end date has not passed. */
export function acceptsDonations(
  campaign: { published: boolean; status: number; endDate: string | Date | null },
  now: Date = new Date(),
): boolean {
  if (!campaign.published || campaign.status !== CampaignStatus.Active) return false;
  const end = toDate(campaign.endDate);
  return !end || end.getTime() > now.getTime();
}

export type Barometer =
  | { kind: 'hidden' }
  | { kind: 'amount'; value: number; max: number }
  | { kind: 'donors'; donors: number };

/**
 * What the progress barometer shows (SPEC §3 campaignSetting.showBarometer):
 * nothing, the amount raised against the target (ShowAmountRand and
 * ShowAmountDollar; amounts stay in the campaign's own currency, there is no
 * conversion), or the number of donors. Unknown settings show the amount.
 */
export function barometerOf(
  showBarometer: number | null | undefined,
  totals: { totalRaised: number; donationTarget: number; uniqueDonors: number },
): Barometer {
  if (showBarometer === BarometerDisplay.Hide) return { kind: 'hidden' };
  if (showBarometer === BarometerDisplay.ShowDonors) return { kind: 'donors', donors: totals.uniqueDonors };
  const max = Math.max(totals.donationTarget, 0);
  return { kind: 'amount', value: max > 0 ? Math.max(Math.min(totals.totalRaised, max), 0) : 0, max };
}

/** "1 donor", "12 donors" (in the page's language). */
export function donorsText(count: number): string {
  return m.campaign_donors_count({ count });
}

/** '142 people have given', '1 person has given': distinct donors of the counted donations. */
export function peopleGivenText(count: number): string {
  return m.campaign_people_given({ count });
}

export interface HighlightCardInput extends CampaignTypeInput, CampaignTimeInput {
  url: string;
  createdAt: string;
  published: boolean;
  totalRaised: number;
  donationTarget: number;
  isVerified: boolean;
}

/** Everything the highlight card (Astro on server pages, React in islands) prints, computed once. */
export interface HighlightCardView {
  href: string;
  type: CampaignType;
  typeLabel: string;
  createdText: string;
  time: CampaignTimeDisplay;
  progress: string;
  /** For a <progress max="100">: the percentage capped at 100. */
  progressValue: number;
  statusText: string;
  notLaunched: boolean;
  /** 'Yes' or 'No', in the page's language. */
  verifiedText: string;
}

export function highlightCardView(campaign: HighlightCardInput, now: Date = new Date()): HighlightCardView {
  const type = campaignTypeOf(campaign);
  const progress = progressPercent(campaign.totalRaised, campaign.donationTarget);
  return {
    href: campaignHref(campaign.url),
    type,
    typeLabel: campaignTypeLabel(type),
    createdText: formatLocalShortDate(campaign.createdAt),
    time: campaignTimeDisplay(campaign, now),
    progress,
    progressValue: Math.min(Number(progress), 100),
    statusText: campaignStatusText(campaign.status),
    notLaunched: isNotLaunched(campaign),
    verifiedText: yesNoText(campaign.isVerified),
  };
}

export interface VideoEmbed {
  provider: VideoProvider;
  id: string;
  /** The player for the iframe, starting on load (the click on the facade was the request to play). */
  embedUrl: string;
  /** The video on the provider's site, for a plain link. */
  watchUrl: string;
  providerName: 'YouTube' | 'Vimeo';
}

/** A YouTube or Vimeo link (watch, share, embed or player form) as a click-to-play video; null for anything else. */
export function videoEmbedOf(link: string): VideoEmbed | null {
  const ref = parseVideoUrl(link);
  if (!ref) return null;
  const player = embedVideoUrl(ref);
  const autoplay = ref.provider === 'youtube' ? 'autoplay=1&rel=0' : 'autoplay=1&dnt=1';
  return {
    provider: ref.provider,
    id: ref.id,
    embedUrl: `${player}${player.includes('?') ? '&' : '?'}${autoplay}`,
    watchUrl: canonicalVideoUrl(ref),
    providerName: ref.provider === 'youtube' ? 'YouTube' : 'Vimeo',
  };
}
