/**
 * Display rules of the campaign cards (SPEC §2), shared by the server-rendered
 * highlight card and the React cards of the campaign pages.
 */
import { formatShortDuration, toDate } from './dates';
import { BLUETICK_FUNDING_TYPE, CampaignStatus, OrgUserRole } from './enums';

export type CampaignType = 'bluetick' | 'independent' | 'organisation' | 'champion';

export const CAMPAIGN_TYPE_LABELS: Readonly<Record<CampaignType, string>> = {
  bluetick: 'Bluetick campaign',
  independent: 'Independent campaign',
  organisation: 'Organisation campaign',
  champion: 'Champion campaign',
};

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
  label: 'Time left' | 'Starts in:';
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
  if (isFinished(campaign.status)) return { label: 'Time left', value: '0 days' };
  const start = toDate(campaign.startDate);
  if (start && start.getTime() > now.getTime()) {
    return { label: 'Starts in:', value: formatShortDuration(start.getTime() - now.getTime()) };
  }
  const end = toDate(campaign.endDate);
  if (!end) return { label: 'Time left', value: 'Open' };
  const remaining = end.getTime() - now.getTime();
  return { label: 'Time left', value: remaining > 0 ? formatShortDuration(remaining) : '0 days' };
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
