import type { SocialPlatform } from '~/lib/schemas/campaign';
import type { FieldErrors, Page } from './common';
import type { CampaignPageDonation } from './donations';
import type { CategoryLookup, CurrencyInfo, EventLookup, SubCategory } from './lookups';

/**
 * The campaign wire shapes of docs/api/campaigns.md, declared once: the
 * server modules build them and the browser reads them, so a field changed
 * here breaks both at compile time. Types only.
 */

/** An image as the API shows it. */
export interface ImageView {
  url: string;
  fileName: string;
  /** Every stored width, for `srcset`; null for files stored once (demo SVGs). */
  srcSet: string | null;
}

/** What a campaign highlight card (SPEC §2) needs; amounts in rand/dollars. */
export interface CampaignCard {
  id: string;
  name: string;
  url: string;
  createdAt: string;
  /** srcSet lists the stored widths of an uploaded picture; null for a file stored once. */
  image: { url: string; srcSet: string | null; alt: string } | null;
  donationTarget: number;
  raisedOnPlatform: number;
  raisedOffline: number;
  totalRaised: number;
  currency: { id: number; ticker: string; symbol: string; locale: string };
  status: number;
  published: boolean;
  startDate: string | null;
  endDate: string | null;
  /** The organisation's verification for organisation campaigns, else the campaign's own. */
  isVerified: boolean;
  fundingType: number;
  organisation: { id: string; legalName: string; url: string } | null;
  /** The owner's role in the campaign's organisation; null without one. */
  ownerOrgRole: number | null;
  ownerName: string;
  category: { id: number; name: string };
  /**
   * Only in `GET /campaigns/user-campaigns`: whether the user may request this campaign's
   * payouts (docs/api/payouts.md, "Who may see and request"), so My Campaigns offers the link.
   */
  mayRequestPayout?: boolean;
  /** Only in `GET /campaigns/user-campaigns` (issue 26): how it is doing, in the campaign's currency. */
  summary?: CampaignSummary;
}

/** My Campaigns' figures of one campaign: the ledger's, refunds taken away. */
export interface CampaignSummary {
  /** Raised on the platform (as `raisedOnPlatform`). */
  raised: number;
  /** Available for payout now (docs/api/payouts.md). */
  available: number;
  /** People who gave (by address; each poster SnapScan payment counts as one). */
  donors: number;
  /** The last 7 South African days, today included. */
  week: { amount: number; donations: number };
}

/** `GET campaigns/filter-campaigns/`: a page of search results. */
export type CampaignSearchPage = Page<CampaignCard>;

/** SPEC §3 "Campaign detail" (docs/api/campaigns.md): what anyone who may see the campaign reads. */
export interface CampaignDetail {
  id: string;
  createdAt: string;
  name: string;
  /** Sanitised HTML. */
  story: string;
  /** The language the story is written in (a BCP 47 code, `en` by default): the page marks the story with it. */
  language: string;
  startDate: string | null;
  endDate: string | null;
  donationTarget: number;
  url: string;
  shortUrl: string;
  images: ImageView[];
  socials: { platform: SocialPlatform; url: string }[];
  /** Embeddable player URLs (youtube-nocookie.com or player.vimeo.com). */
  videos: string[];
  visibility: number;
  /** The organisation's verification for organisation campaigns, else the campaign's own (as on cards). */
  isVerified: boolean;
  fundingType: number;
  /** Paid payouts. */
  payoutTotal: number;
  /** Accepted donations on the platform. */
  donationsReceivedTotal: number;
  offlineDonations: number;
  /** donationsReceivedTotal + offlineDonations: what progress is measured with. */
  totalRaised: number;
  owner: {
    id: string;
    firstName: string;
    lastName: string;
    image: { url: string; fileName: string } | null;
    totalCampaigns: number;
    /** The owner's role in the campaign's organisation (0–3); null without one. */
    orgUserRole: number | null;
    /** The owner's platform role. */
    userRole: 'user' | 'admin';
  };
  campaignCategory: CategoryLookup;
  campaignSubCategory: SubCategory | null;
  campaignSetting: {
    currency: CurrencyInfo;
    isRecurringGivingCampaign: boolean;
    showBarometer: number;
    showGateways: { paysoft: boolean; payPal: boolean; payfast: boolean; ozow: boolean; snapscan: boolean };
    isTaxBenefit: boolean;
    isAdminFee: boolean;
    adminFeeRate: number;
  };
  event: EventLookup | null;
  address: {
    addressLine1: string | null;
    addressLine2: string | null;
    city: string | null;
    province: string | null;
    zip: string | null;
    country: string | null;
  } | null;
  organization: { id: string; legalName: string; totalCampaigns: number; url: string } | null;
  published: boolean;
  /** Launched, ACTIVE (not past its end) and started: donations are taken. */
  isActive: boolean;
  /** Staff paused its donations while they review it (isActive is then false; the page says why). */
  donationsPaused: boolean;
  /** 0 ACTIVE, 1 HIDDEN, 2 EXPIRED (also an ACTIVE one past its end date), 3 CLOSED. */
  status: number;
  defaultTipPercentage: number;
  uniqueDonors: number;
  launchedAt: string | null;
  closedAt: string | null;
  closeReason: { id: number; name: string; note: string | null } | null;
}

/** `GET /campaigns/short/{identifier}`: the public detail adds the page's donations (accepted only; anonymous donors named 'Anonymous'). */
export interface PublicCampaignDetail extends CampaignDetail {
  /** The 3 largest, in the campaign's currency. */
  topDonations: CampaignPageDonation[];
  /** The 5 newest. */
  recentDonations: CampaignPageDonation[];
}

/** Banking details as submitted with a verification (the newest submission). */
export interface BankingDetail {
  id: string;
  accountHolderName: string;
  idType: number | null;
  idNumber: string | null;
  statementReference: string | null;
  bankName: string | null;
  bankNameAlt: string | null;
  accountNumber: string;
  bankCode: string | null;
  swiftCode: string | null;
  accountType: number | null;
  isInternational: boolean;
  /** 0 Pending, 1 Accepted, 2 Rejected. */
  requestStatus: number;
  createdAt: string;
}

/** A private verification document: its url answers only its uploader and admins. */
export interface StoredDocument {
  id: string;
  url: string;
  fileName: string;
}

/** SPEC §3 "Team member". */
export interface TeamMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string | null;
  organizationPositionId: number | null;
  userRole: number;
  campaignId: string | null;
  organizationId: string | null;
  mainContactPerson: boolean;
  inviteStatus: number;
  deleted: boolean;
}

/** `GET /campaigns/{id}` (SPEC §3): the public detail plus what only those who run the campaign see. */
export interface OwnerCampaign extends CampaignDetail {
  ownerId: string;
  thankYouMessage: string | null;
  notificationFrequency: number | null;
  featured: boolean;
  verificationSubmittedAt: string | null;
  bankingDetail: BankingDetail | null;
  identificationDocumentation: StoredDocument[];
  supportingDocumentation: StoredDocument[];
  teamMembers: TeamMember[];
  /** Accepted donations on the platform (what can be paid out from). */
  totalFundsReceived: number;
  /** totalFundsReceived less payouts requested, accepted or paid. */
  fundsAvailable: number;
  /** What launching still needs, by form field; empty when the campaign may launch. */
  missingForLaunch: FieldErrors;
  /**
   * True once donations are counted or a payout is not declined: its organisation and
   * funding type no longer change (only a platform admin moves it).
   */
  fundingLocked: boolean;
}

/** What create and update answer: the id and the path (the browser keeps both, SPEC §4). */
export interface SavedCampaign {
  id: string;
  url: string;
}

/** `GET /campaigns/user-campaigns` (SPEC §3 "User campaigns"). */
export interface UserCampaigns {
  userCampaigns: Page<CampaignCard>;
  /** Over all of the user's campaigns (not only this page), in rand: dollar campaigns at USD_TO_ZAR_RATE. */
  userCampaignTotals: { payoutTotal: number; targetTotal: number };
}

/** SPEC §3 "Campaign update". */
export interface CampaignUpdate {
  id: string;
  userId: string | null;
  firstName: string;
  lastName: string;
  /** Sanitised HTML. */
  description: string;
  images: ImageView[];
  /** Embeddable player URLs. */
  videos: string[];
  campaignId: string;
  createdAt: string;
}

/** `GET /campaigns/campaign-updates/list/{identifier}`: a page of a campaign's updates, newest first. */
export type CampaignUpdatesPage = Page<CampaignUpdate>;

/**
 * `POST /team-members` (ours): the invitee's answer to a team invitation. A
 * campaign invitation fills the campaign fields, an organisation invitation
 * the organisation fields; the others are null.
 */
/**
 * `GET /team-members/invitation?token=` (public): what an invitation link is for, so its
 * page and the login and sign-up pages it leads to can say it. Names and the role only.
 */
export interface InvitationPreview {
  /** The organisation's legal name, for an organisation's invitation; else null. */
  organizationName: string | null;
  /** The campaign's name, for a campaign team's invitation; else null. */
  campaignName: string | null;
  /** "First Last" of who sent it; null when that account is gone. */
  inviterName: string | null;
  /** The invited role (OrgUserRole): Owner 0, Admin 1, Editor 2, Champion 3. */
  userRole: number;
}

export interface InvitationAnswer {
  campaignId: string | null;
  campaignUrl: string | null;
  organizationId: string | null;
  organizationUrl: string | null;
  organizationName: string | null;
  /** The invited role (OrgUserRole): for organisations Owner 0, Admin 1, Editor 2, Champion 3. */
  userRole: number;
  inviteStatus: number;
}
