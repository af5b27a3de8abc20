import type { IdName } from '~/lib/contracts/lookups';
import type { ChampionOrder, ChampionsPage, MyOrganisationView } from '~/lib/contracts/organisations';
import { PAGE_SIZES } from '~/lib/enums';
import { idPath } from './campaigns';
import { api, type Envelope, publicApi, uploadApi } from './index';

/**
 * Typed calls of the organisations contract (docs/api/organisations.md) for
 * the register and edit pages. They resolve to the success envelope and reject
 * with the clients' errors (SPEC §8 rules already applied by src/lib/api/client.ts).
 */

export type { TeamMember } from '~/lib/contracts/campaigns';
export type { IdName } from '~/lib/contracts/lookups';
export type {
  FileView,
  MaskedBankingDetailView,
  MyOrganisationView,
  OrganisationVerificationView,
} from '~/lib/contracts/organisations';
export { getPositions } from './campaigns';

// Lookups (public, cached by the server).
export const getOrganisationTypes = (): Promise<Envelope<IdName[]>> =>
  publicApi.get('organizations/type/').json();
export const getSectors = (): Promise<Envelope<IdName[]>> => publicApi.get('organizations/sector/').json();

// The organisation (its Owners, Admins and Editors).
export const getOrganisation = (id: string): Promise<Envelope<MyOrganisationView>> =>
  api.get(`organizations/${idPath(id)}`).json();
export const createOrganisation = (body: FormData): Promise<Envelope<MyOrganisationView>> =>
  uploadApi.post('organizations/', { body }).json();
export const updateOrganisation = (id: string, body: FormData): Promise<Envelope<MyOrganisationView>> =>
  uploadApi.patch(`organizations/${idPath(id)}`, { body }).json();
export const submitOrganisationVerification = (
  id: string,
  body: FormData,
): Promise<Envelope<MyOrganisationView>> =>
  uploadApi.patch(`organizations/${idPath(id)}/verification`, { body }).json();

// Champions (a member with role 3; the team itself changes through patchTeamMember).
/** A page of an organisation's champions: the public page's 'Load more', the editor's leaderboard. */
export const getChampionsPage = async (
  organisationId: string,
  pageNo: number,
  { sort = 'joined', pageSize = PAGE_SIZES.champions }: { sort?: ChampionOrder; pageSize?: number } = {},
): Promise<ChampionsPage> =>
  (
    await publicApi
      .get(`organisations/users/champions/${idPath(organisationId)}`, {
        searchParams: { pageNo, pageSize, sort },
      })
      .json<Envelope<ChampionsPage>>()
  ).data;
