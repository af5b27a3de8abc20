import type * as v from 'valibot';
import type {
  CampaignUpdate,
  CampaignUpdatesPage,
  OwnerCampaign,
  SavedCampaign,
  TeamMember,
  UserCampaigns,
} from '~/lib/contracts/campaigns';
import type { CategoryLookup, EventLookup, IdName, PaysoftLookup } from '~/lib/contracts/lookups';
import { IdType, PAGE_SIZES } from '~/lib/enums';
import type { closeCampaignSchema } from '~/lib/schemas/campaign';
import type { removeTeamMemberSchema, teamMemberSchema } from '~/lib/schemas/campaignTeam';
import type {
  organisationTeamMemberSchema,
  removeOrganisationTeamMemberSchema,
} from '~/lib/schemas/organisationTeam';
import { api, type Envelope, publicApi, uploadApi } from './index';

/**
 * Typed calls of the campaigns contract (docs/api/campaigns.md) for the
 * owner's pages: the editor, verification, updates, team and My Campaigns.
 * They resolve to the success envelope and reject with the clients' errors
 * (SPEC §8 rules already applied by src/lib/api/client.ts).
 */

// The wire shapes live in ~/lib/contracts (the server modules build them); the islands import them from here.
export type {
  CampaignCard,
  OwnerCampaign,
  SavedCampaign,
  TeamMember,
  UserCampaigns,
} from '~/lib/contracts/campaigns';
export type { CategoryLookup, EventLookup } from '~/lib/contracts/lookups';

/** `PATCH /team-members` for a campaign's team: an invitation (no id), a change, or a removal (`deleted: true`). */
type CampaignTeamBody = v.InferInput<typeof teamMemberSchema> | v.InferInput<typeof removeTeamMemberSchema>;

/** The same for an organisation's team. */
type OrganisationTeamBody =
  | v.InferInput<typeof organisationTeamMemberSchema>
  | v.InferInput<typeof removeOrganisationTeamMemberSchema>;

/** A change of a campaign's team (`campaignId`) or of an organisation's (`organizationId`). */
export type TeamMemberChange = CampaignTeamBody | OrganisationTeamBody;

/** A team change without the team's id (the team's scope adds `campaignId` or `organizationId`). */
export type MemberChange = CampaignTeamBody extends infer Body
  ? Body extends unknown
    ? Omit<Body, 'campaignId'>
    : never
  : never;

/** An id or url path as one segment of a call's path. */
export const idPath = (id: string): string => encodeURIComponent(id);

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
export const launchCampaign = (id: string): Promise<Envelope<OwnerCampaign>> =>
  api.patch(`campaigns/${idPath(id)}/launch`).json();
export const submitVerification = (id: string, body: FormData): Promise<Envelope<OwnerCampaign>> =>
  uploadApi.patch(`campaigns/${idPath(id)}/verification`, { body }).json();
/** `PATCH /campaigns/{id}/close`: the reason and the owner's note. */
export type CloseCampaignBody = v.InferInput<typeof closeCampaignSchema>;

export const closeCampaign = (id: string, body: CloseCampaignBody): Promise<Envelope<OwnerCampaign>> =>
  api.patch(`campaigns/${idPath(id)}/close`, { json: body }).json();

// Updates and team.
/** A page of a campaign's updates, newest first (its url path, idType 0): the public page's 'Load more'. */
export const getCampaignUpdatesPage = async (path: string, pageNo: number): Promise<CampaignUpdatesPage> =>
  (
    await publicApi
      .get(`campaigns/campaign-updates/list/${idPath(path)}`, {
        searchParams: { idType: IdType.ByPath, pageNo, pageSize: PAGE_SIZES.campaignUpdates },
      })
      .json<Envelope<CampaignUpdatesPage>>()
  ).data;
export const postCampaignUpdate = (body: FormData): Promise<Envelope<CampaignUpdate>> =>
  uploadApi.post('campaigns/campaign-updates', { body }).json();
export const patchTeamMember = (change: TeamMemberChange): Promise<Envelope<TeamMember[]>> =>
  api.patch('team-members', { json: change }).json();

// My Campaigns.
export const getUserCampaigns = (pageNo: number, pageSize: number): Promise<Envelope<UserCampaigns>> =>
  api
    .get('campaigns/user-campaigns', { searchParams: { pageSize: String(pageSize), pageNo: String(pageNo) } })
    .json();
