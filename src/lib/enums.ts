/**
 * The enumerations of SPEC §3 and the data constants of SPEC §9, shared by
 * server, islands and tests. Numbers are what the API and the database carry.
 */

type ValueOf<T> = T[keyof T];

/** Invite status of a team member. */
export const InviteStatus = { Pending: 0, Accepted: 1, Rejected: 2 } as const;
export type InviteStatus = ValueOf<typeof InviteStatus>;

/** Review status of submitted banking details. */
export const BankingRequestStatus = { Pending: 0, Accepted: 1, Rejected: 2 } as const;
export type BankingRequestStatus = ValueOf<typeof BankingRequestStatus>;

/** The kind of identifier the holder of a bank account gave. */
export const BankingIdType = {
  BlueTick: 0,
  SAIdNumber: 1,
  PassportNumber: 2,
  OrganizationRegistrationNumber: 3,
  TrustNumber: 4,
} as const;
export type BankingIdType = ValueOf<typeof BankingIdType>;

export const AccountType = { Savings: 0, Cheque: 1, Business: 2 } as const;
export type AccountType = ValueOf<typeof AccountType>;

export const OrgUserRole = { Owner: 0, Admin: 1, Editor: 2, Champion: 3 } as const;
export type OrgUserRole = ValueOf<typeof OrgUserRole>;

/** What a campaign's progress barometer shows. */
export const BarometerDisplay = { Hide: 0, ShowAmountRand: 1, ShowAmountDollar: 2, ShowDonors: 3 } as const;
export type BarometerDisplay = ValueOf<typeof BarometerDisplay>;

export const CampaignCategory = {
  Uncategorised: 0,
  Organisation: 1,
  Health: 2,
  InLovingMemory: 3,
  Disaster: 4,
  Education: 5,
  Sport: 6,
  SocialWelfare: 7,
  Youth: 8,
  ArtsAndCulture: 9,
  NatureConservation: 10,
  AnimalWelfare: 11,
  Vehicle: 12,
  Home: 13,
  Business: 14,
  Legal: 15,
  Other: 16,
} as const;
export type CampaignCategory = ValueOf<typeof CampaignCategory>;

/** The category names exactly as SPEC §3 lists them, indexed by id. */
export const CAMPAIGN_CATEGORY_NAMES: Readonly<Record<CampaignCategory, string>> = {
  0: 'Uncategorised',
  1: 'Organisation/Charity/NPO/PBO',
  2: 'Health/Medical/Cosmetic/Dental',
  3: 'In Loving Memory Of',
  4: 'Fire/Drought/Disaster Support',
  5: 'Education and Training',
  6: 'Sport',
  7: 'Social Welfare/Community Development Support',
  8: 'Youth',
  9: 'Arts and Culture',
  10: 'Nature Conservation',
  11: 'Animal Welfare/Outreach',
  12: 'Vehicle',
  13: 'Home',
  14: 'Business/App',
  15: 'Legal',
  16: 'Other',
};

export const CampaignStatus = { Active: 0, Hidden: 1, Expired: 2, Closed: 3 } as const;
export type CampaignStatus = ValueOf<typeof CampaignStatus>;

const CAMPAIGN_STATUS_LABELS: Readonly<Record<number, string>> = {
  0: 'Active',
  1: 'Hidden',
  2: 'Expired',
  3: 'Closed',
};

/** The display label of a campaign status; any value outside SPEC §3 shows 'Unknown'. */
export function campaignStatusLabel(status: number): string {
  return CAMPAIGN_STATUS_LABELS[status] ?? 'Unknown';
}

/** Payment gateway, also the donation's payment method (SPEC order). */
export const PaymentGateway = {
  EFT: 0,
  InstantEFT: 1,
  PayPal: 2,
  PayPalCard: 3,
  IVeri: 4,
  SnapScan: 5,
  Recurring: 6,
  Paysoft: 7,
  PayFast: 8,
} as const;
export type PaymentGateway = ValueOf<typeof PaymentGateway>;

export const DonationType = { OneOff: 0, Recurring: 1, All: 2 } as const;
export type DonationType = ValueOf<typeof DonationType>;

export const DonationStatus = {
  Pending: 0,
  Accepted: 1,
  Rejected: 2,
  CanceledAtTransaction: 3,
  CanceledAtManage: 4,
  PendingSettlement: 5,
  Pledged: 6,
} as const;
export type DonationStatus = ValueOf<typeof DonationStatus>;

/**
 * What a row of `donation_refunds` (the refund ledger) records: money back to the donor (Refund), a card
 * chargeback or PayPal dispute the platform lost (Chargeback), and a dispute won afterwards, which gives
 * the money back to the campaign (ChargebackReversal). Refund and Chargeback take away; a reversal adds.
 */
export const RefundKind = { Refund: 1, Chargeback: 2, ChargebackReversal: 3 } as const;
export type RefundKind = ValueOf<typeof RefundKind>;

/**
 * A ledger row's state. Pending: reserved while the gateway's refund call runs (it already counts, so
 * two refunds at once can never take more than remains). Completed: done. Failed: the gateway refused;
 * the row no longer counts (the ledger keeps it, never deletes it).
 */
export const RefundStatus = { Pending: 0, Completed: 1, Failed: 2 } as const;
export type RefundStatus = ValueOf<typeof RefundStatus>;

/** How the money went back: through the gateway's own refund call, or recorded by staff with a bank reference. */
export const RefundMethod = { Gateway: 1, Manual: 2, Dispute: 3 } as const;
export type RefundMethod = ValueOf<typeof RefundMethod>;

/** Why a visitor reports a campaign or an organisation (issue 25's codes, as the API carries them). */
export const ReportReason = {
  Misleading: 'misleading',
  Impersonation: 'impersonation',
  Prohibited: 'prohibited',
  Misuse: 'misuse',
  Other: 'other',
} as const;
export type ReportReason = ValueOf<typeof ReportReason>;

/** A report's state in the back office's reports queue. */
export const ReportStatus = { Open: 0, Dismissed: 1, Actioned: 2 } as const;
export type ReportStatus = ValueOf<typeof ReportStatus>;

/** A donor's request for a refund, decided by staff. */
export const RefundRequestStatus = { Pending: 0, Refunded: 1, Declined: 2 } as const;
export type RefundRequestStatus = ValueOf<typeof RefundRequestStatus>;

/** Status of a recurring donation schedule; the cancelled variants share DonationStatus's numbers. */
export const RecurringStatus = {
  Active: 0,
  Expired: 1,
  Error: 2,
  CanceledAtTransaction: 3,
  CanceledAtManage: 4,
  PendingSettlement: 5,
  Pledged: 6,
} as const;
export type RecurringStatus = ValueOf<typeof RecurringStatus>;

export const RecurringDay = { FirstDayOfMonth: 0, FifteenthDayOfMonth: 1, TwentyFifthDayOfMonth: 2 } as const;
export type RecurringDay = ValueOf<typeof RecurringDay>;

/** The day of the month each RecurringDay deducts on. */
export const RECURRING_DAY_OF_MONTH: Readonly<Record<RecurringDay, number>> = { 0: 1, 1: 15, 2: 25 };

export const RecurringDuration = {
  Indefinite: 0,
  TwoMonths: 1,
  ThreeMonths: 2,
  SixMonths: 3,
  TwelveMonths: 4,
  TwentyFourMonths: 5,
} as const;
export type RecurringDuration = ValueOf<typeof RecurringDuration>;

/** Number of monthly deductions per duration; null means until cancelled. */
export const RECURRING_DURATION_MONTHS: Readonly<Record<RecurringDuration, number | null>> = {
  0: null,
  1: 2,
  2: 3,
  3: 6,
  4: 12,
  5: 24,
};

/** Payout (and funding) status. */
export const PayoutStatus = { Pending: 0, Accepted: 1, Declined: 2, Paid: 3 } as const;
export type PayoutStatus = ValueOf<typeof PayoutStatus>;

/** How a lookup identifier is meant: a url path segment or an id. */
export const IdType = { ByPath: 0, ById: 1 } as const;
export type IdType = ValueOf<typeof IdType>;

/** Who can see a campaign; SPEC only fixes the default, 1. */
export const Visibility = { Private: 0, Public: 1 } as const;
export type Visibility = ValueOf<typeof Visibility>;

export const FundingType = { Standard: 0, Bluetick: 1 } as const;
export type FundingType = ValueOf<typeof FundingType>;
export const BLUETICK_FUNDING_TYPE = FundingType.Bluetick;

export const Currency = { Rand: 1, Dollar: 2 } as const;
export type Currency = ValueOf<typeof Currency>;

export const PlatformRole = { User: 'user', Admin: 'admin' } as const;
export type PlatformRole = ValueOf<typeof PlatformRole>;

/** What a single-use emailed token may be spent on. */
export const EmailTokenPurpose = {
  Verify: 'verify',
  Reset: 'reset',
  SetPassword: 'set-password',
  Invite: 'invite',
} as const;
export type EmailTokenPurpose = ValueOf<typeof EmailTokenPurpose>;

/** Kinds of campaign verification documents. */
export const CampaignDocumentKind = { Identification: 'identification', Supporting: 'supporting' } as const;
export type CampaignDocumentKind = ValueOf<typeof CampaignDocumentKind>;

// SPEC §9 constants.
export const DEFAULT_TIP_PERCENTAGE = 12;
export const ORG_PAYOUT_TIP_PERCENTAGE = 3;
export const DEFAULT_VISIBILITY: Visibility = Visibility.Public;
export const DONATION_MAX_AMOUNT = 1_000_000_000;
export const DONATION_MIN_AMOUNT: Readonly<Record<Currency, number>> = { 1: 20, 2: 5 };
export const FIELD_LIMITS = {
  name: 60,
  email: 50,
  mobileMin: 6,
  mobileMax: 16,
  displayName: 29,
  comment: 350,
} as const;
export const PAGE_SIZES = {
  topDonations: 3,
  userDonations: 5,
  userCampaigns: 5,
  campaignUpdates: 5,
  payouts: 5,
  campaignSearch: 12,
  /** When the server answers without a page size. */
  campaignSearchFallback: 5,
  featuredCampaigns: 3,
  organisationSearch: 8,
  champions: 5,
} as const;
export const VERSION_TEXT = 'V2.2.57';
