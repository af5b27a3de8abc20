import type { CampaignCard } from '~/lib/server/campaigns/cards';
import { api, type Envelope, publicApi, uploadApi } from './index';

/**
 * Typed calls of the campaigns contract (docs/api/campaigns.md) for the
 * owner's pages: the editor, verification, updates, team and My Campaigns.
 * They resolve to the success envelope and reject with the clients' errors
 * (SPEC §8 rules already applied by src/lib/api/client.ts).
 */

export type { CampaignCard };

export interface IdName {
  id: number;
  name: string;
}

export interface SubCategoryLookup extends IdName {
  campaignCategoryId: number;
}

export interface CategoryLookup extends IdName {
  subCategories: SubCategoryLookup[];
}

export interface PaysoftLookup extends IdName {
  paysoftMapping: string | null;
}

export interface EventLookup extends IdName {
  startDate: string | null;
  endDate: string | null;
}

/** An image as the API gives it back: an object, or (older answers) just its url. */
export type CampaignImageRef = { url: string; fileName?: string | null; alt?: string | null } | string;

export interface SocialRef {
  platform?: string | null;
  url: string;
}

export interface CampaignCurrency {
  id: number;
  name?: string;
  ticker: string;
  symbol: string;
  locale?: string;
}

export interface BankingDetail {
  accountHolderName?: string | null;
  idType?: number | null;
  idNumber?: string | null;
  statementReference?: string | null;
  bankName?: string | null;
  bankNameAlt?: string | null;
  accountNumber?: string | null;
  bankCode?: string | null;
  swiftCode?: string | null;
  accountType?: number | null;
  requestStatus?: number | null;
  isInternational?: boolean | null;
  createdAt?: string | null;
}

/** A private verification document (only its owner and admins can open it). */
export interface StoredDocument {
  id: string;
  url: string;
  fileName: string;
}

/** SPEC §3 team member. */
export interface TeamMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string | null;
  organizationPositionId: number | null;
  userRole: number | null;
  campaignId: string;
  organizationId?: string | null;
  mainContactPerson: boolean;
  inviteStatus: number | null;
  deleted?: boolean;
}

/** `GET /campaigns/{id}`: SPEC §3 campaign detail plus the owner's fields. */
export interface OwnerCampaign {
  id: string;
  createdAt: string;
  name: string;
  story: string | null;
  startDate: string | null;
  endDate: string | null;
  donationTarget: number;
  url: string;
  shortUrl?: string | null;
  images: CampaignImageRef[] | null;
  socials: (SocialRef | string)[] | null;
  /** Embeddable player URLs (or links as stored). */
  videos: string[] | null;
  visibility: number;
  isVerified: boolean;
  fundingType: number;
  payoutTotal?: number | null;
  donationsReceivedTotal?: number | null;
  offlineDonations?: number | null;
  owner?: { firstName: string; lastName: string; orgUserRole?: number | null } | null;
  campaignCategory: IdName | null;
  campaignSubCategory: (IdName & { campaignCategoryId?: number }) | null;
  campaignSetting: {
    currency: CampaignCurrency;
    isRecurringGivingCampaign?: boolean | null;
    showBarometer?: number | null;
    isTaxBenefit?: boolean | null;
  } | null;
  event: IdName | null;
  address: {
    addressLine1?: string | null;
    addressLine2?: string | null;
    city?: string | null;
    province?: string | null;
    zip?: string | null;
    country?: string | null;
  } | null;
  organization: { id: string; legalName: string; url?: string | null } | null;
  published: boolean;
  status: number;
  ownerId?: string;
  thankYouMessage?: string | null;
  notificationFrequency?: number | null;
  bankingDetail?: BankingDetail | null;
  identificationDocumentation?: StoredDocument[] | null;
  supportingDocumentation?: StoredDocument[] | null;
  teamMembers?: TeamMember[] | null;
  fundsAvailable?: number | null;
  totalFundsReceived?: number | null;
  /** What launching still needs, by form field (empty when the campaign may launch). */
  missingForLaunch?: Record<string, string[]> | null;
  verificationSubmittedAt?: string | null;
  launchedAt?: string | null;
  closedAt?: string | null;
  closeReason?: { id: number; name: string; note: string | null } | null;
  totalRaised?: number | null;
}

/** What create and update answer. */
export interface SavedCampaign {
  id: string;
  url: string;
}

export interface PaginationMetadata {
  totalCount: number;
  pageCount: number;
  pageNo: number;
  pageSize?: number | null;
}

/** `GET /campaigns/user-campaigns` (SPEC §3 user campaigns). */
export interface UserCampaigns {
  userCampaigns: { items: CampaignCard[]; paginationMetadata: PaginationMetadata };
  userCampaignTotals: { payoutTotal: number; targetTotal: number };
}

export interface TeamMemberChange {
  id?: string;
  campaignId: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  mobileNumber?: string;
  organizationPositionId?: number | null;
  userRole?: number;
  mainContactPerson?: boolean;
  deleted: boolean;
}

const idPath = (id: string): string => encodeURIComponent(id);

// Lookups (public, cached by the server).
export const getCampaignCategories = (): Promise<Envelope<CategoryLookup[]>> =>
  publicApi.get('campaigns/categories/').json();
export const getCloseReasons = (): Promise<Envelope<IdName[]>> =>
  publicApi.get('campaigns/close-reasons').json();
export const getEvents = (): Promise<Envelope<EventLookup[]>> => publicApi.get('events/').json();
export const getBanks = (): Promise<Envelope<PaysoftLookup[]>> => publicApi.get('paysoft/banks').json();
export const getAccountTypes = (): Promise<Envelope<PaysoftLookup[]>> =>
  publicApi.get('account-types/').json();
export const getPositions = (): Promise<Envelope<IdName[]>> =>
  publicApi.get('organizations/position/').json();

// The campaign itself (owner, editors, admins).
export const getOwnerCampaign = (id: string): Promise<Envelope<OwnerCampaign>> =>
  api.get(`campaigns/${idPath(id)}`).json();
export const createCampaign = (body: FormData): Promise<Envelope<SavedCampaign>> =>
  uploadApi.post('campaigns/', { body }).json();
export const updateCampaign = (id: string, body: FormData): Promise<Envelope<SavedCampaign>> =>
  uploadApi.patch(`campaigns/${idPath(id)}`, { body }).json();
export const launchCampaign = (id: string): Promise<Envelope<unknown>> =>
  api.patch(`campaigns/${idPath(id)}/launch`).json();
export const submitVerification = (id: string, body: FormData): Promise<Envelope<OwnerCampaign | null>> =>
  uploadApi.patch(`campaigns/${idPath(id)}/verification`, { body }).json();
export const closeCampaign = (
  id: string,
  body: { closeReasonId: number; note?: string | null },
): Promise<Envelope<unknown>> => api.patch(`campaigns/${idPath(id)}/close`, { json: body }).json();

// Updates and team.
export const postCampaignUpdate = (body: FormData): Promise<Envelope<unknown>> =>
  uploadApi.post('campaigns/campaign-updates', { body }).json();
export const patchTeamMember = (
  change: TeamMemberChange,
): Promise<Envelope<TeamMember[] | TeamMember | null>> => api.patch('team-members', { json: change }).json();

// My Campaigns.
export const getUserCampaigns = (pageNo: number, pageSize: number): Promise<Envelope<UserCampaigns>> =>
  api
    .get('campaigns/user-campaigns', { searchParams: { pageSize: String(pageSize), pageNo: String(pageNo) } })
    .json();
