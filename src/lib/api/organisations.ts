import type { TeamMember } from '~/lib/contracts/campaigns';
import type { IdName } from '~/lib/contracts/lookups';
import type { MyOrganisationView } from '~/lib/contracts/organisations';
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

/** `PATCH /team-members` for an organisation: an invitation (no id), a change, or a removal. */
export interface OrganisationMemberChange {
  id?: string;
  organizationId: string;
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

// Team and champions (a champion is a member with role 3).
export const patchOrganisationMember = (change: OrganisationMemberChange): Promise<Envelope<TeamMember[]>> =>
  api.patch('team-members', { json: change }).json();
