import type { BankingDetail, TeamMember } from './campaigns';
import type { Page } from './common';
import type { IdName } from './lookups';

/** The organisation wire shapes of docs/api/organisations.md, declared once for the server and the browser. Types only. */

export interface AddressView {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
  zip: string | null;
}

export interface OrganisationAddressView extends AddressView {
  id: string;
  position: number;
}

export interface FileView {
  url: string;
  fileName: string;
}

export interface LinkView {
  id: string;
  url: string;
}

export interface OrganisationUserView {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: number;
}

/** The newest banking details without the id number, all but the last 4 digits of the account number masked. */
export interface MaskedBankingDetailView extends Omit<BankingDetail, 'idNumber'> {
  accountHolderEmail: string | null;
}

/**
 * `GET /organizations/mine`: an organisation the signed-in user belongs to, and their role
 * there (OrgUserRole); every role may raise funds for it (a Champion's campaign is a Champion campaign).
 */
export interface MyMembership {
  id: string;
  legalName: string;
  userRole: number;
}

/** `GET /organizations/`: SPEC §3 "Organisation" plus what only the user's own organisation response carries. */
export interface MyOrganisationView {
  id: string;
  legalName: string;
  otherName: string | null;
  organizationSectors: { id: number; name: string }[];
  organizationTypeId: number | null;
  address: AddressView | null;
  keywordsDescription: string | null;
  organizationVideos: LinkView[];
  organizationSocials: LinkView[];
  briefDescription: string | null;
  logo: FileView | null;
  s18Certificate: FileView | null;
  /** SARS's PBO reference number, printed on the Section 18A receipts the organisation issues. */
  pboNumber: string | null;
  /** The Department of Social Development's NPO registration number, as '123-456 NPO'. */
  npoNumber: string | null;
  mainContactPerson: {
    id: string | null;
    firstName: string | null;
    lastName: string | null;
    phone: string | null;
    position: { id: number; name: string } | null;
    email: string | null;
  };
  website: string | null;
  telephone: string | null;
  email: string | null;
  /** Rand: accepted donations of the organisation's campaigns. */
  orgDonationsTotal: number;
  organizationTotalFundsReceived: number;
  /** Rand: funds received less payouts paid from the organisation's campaigns. */
  organizationFundsAvailable: number;
  url: string;
  isVerified: boolean;
  teamMembers: TeamMember[];
  organizationUsers: OrganisationUserView[];
  organizationAddresses: OrganisationAddressView[];
  videoUrls: string[];
  socialUrls: string[];
  bankingDetail: MaskedBankingDetailView | null;
  /** The questionnaire and documents of the latest verification submission, or null before the first. */
  verification: OrganisationVerificationView | null;
  /** The caller's role in the organisation: Owner 0, Admin 1, Editor 2, Champion 3. */
  userRole: number;
}

/** SPEC §3 "Organisation verification" as its organisation's managers read it back (banking is `bankingDetail`). */
export interface OrganisationVerificationView {
  hasFulltimeStaff: boolean;
  hasCrowdfundedBefore: boolean;
  hasUsedEventsBefore: boolean;
  /** Spelled as SPEC §3 spells it. */
  recievesSupport: boolean;
  recievedSupportDetails: string | null;
  helpRequired: string | null;
  regularNumberOfDonors: string | null;
  crowdFundingLinks: string | null;
  supportPartners: string | null;
  /** Private files: their urls answer only their uploader and admins. */
  legalDocument: FileView | null;
  supportDocuments: FileView[];
  /** Set by staff (the back office); the organisation cannot set it. */
  isVerified: boolean;
  submittedAt: string | null;
}

/** SPEC §3 campaignTotals of the public details: rand, each campaign's own currency converted at USD_TO_ZAR_RATE. */
export interface OrganisationCampaignTotals {
  totalCampaigns: number;
  payoutTotal: number;
  totalCampaignsFundsReceived: number;
  totalCampaignsFundsReceivedOffline: number;
  totalCampaignsFundsAvailable: number;
}

/** `GET organizations/short/{identifier}?idType=` (public): SPEC §3 "Organisation public details". */
export interface OrganisationPublicDetails {
  id: string;
  legalName: string;
  otherName: string | null;
  /** Sanitised HTML (the same allow-list as a campaign story). */
  briefDescription: string | null;
  keywordsDescription: string | null;
  organizationAddresses: OrganisationAddressView[];
  /** Embeddable video URLs (youtube-nocookie / player.vimeo), as campaign videos are answered. */
  videoUrls: string[];
  socialUrls: string[];
  organizationSectors: IdName[];
  /** Launched, public campaigns of the organisation. */
  totalCampaigns: number;
  organizationType: IdName | null;
  logo: FileView | null;
  url: string;
  /** Rand (SPEC spelling): money its campaigns raised offline. */
  orgOffilineDonationsTotal: number;
  /** Rand: accepted donations of its campaigns on the platform. */
  orgDonationsTotal: number;
  owner: { firstName: string; lastName: string; totalCampaigns: number; image: string | null } | null;
  isVerified: boolean;
  website: string | null;
  nonRandOrganization: boolean;
  campaignTotals: OrganisationCampaignTotals;
  /** The Department of Social Development's NPO registration number ("123-456 NPO"), when registered. */
  npoNumber: string | null;
  /** SARS's Public Benefit Organisation reference number, when it has one. */
  pboNumber: string | null;
  /** The url of the one open campaign the organisation runs itself (not a champion's), else null. */
  ownCampaignUrl: string | null;
}

/** One result of `GET organizations/filter-organizations/`. */
export interface OrganisationCard {
  id: string;
  legalName: string;
  url: string;
  /** Plain text, at most 200 characters, for the card. */
  summary: string;
  logo: FileView | null;
  organizationType: IdName | null;
  organizationSectors: IdName[];
  city: string | null;
  province: string | null;
  isVerified: boolean;
  totalCampaigns: number;
  /** Rand, as in the public details. */
  orgDonationsTotal: number;
}

export type OrganisationSearchPage = Page<OrganisationCard>;

/** `GET /organisations/users/champions/{organizationId}`: a champion of the organisation (SPEC §3 "Champion"). */
export interface Champion {
  userId: string;
  firstName: string;
  lastName: string;
  image: string | null;
  /** Launched public campaigns the champion runs for this organisation. */
  totalCampaigns: number;
  /** What those campaigns raised on the platform, less refunds, in rand (as the organisation's totals). */
  raised: number;
  /** Distinct donors of those campaigns (a donor of two of them counts once). */
  donors: number;
  /** Only for the organisation's Owners and Admins; null for everyone else. */
  email: string | null;
}

/** The champions' orders: `joined` (oldest membership first, the default) or `raised` (the leaderboard). */
export type ChampionOrder = 'joined' | 'raised';

export type ChampionsPage = Page<Champion>;
