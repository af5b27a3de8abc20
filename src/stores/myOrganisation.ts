import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { api, type Envelope } from '~/lib/api';
import type { MyMembership, MyOrganisationView } from '~/lib/contracts/organisations';
import { onSessionEnd } from './auth';
import { $accessToken } from './tokens';
import './storage';

/** What the navbar and sidebar need of the signed-in user's organisation. */
export type OrganisationSummary = Pick<MyOrganisationView, 'id' | 'legalName'>;

/** The organisation id stored after registration (SPEC §3), used until the organisation is loaded. */
export const $storedOrganisationId = persistentAtom<string | undefined>('organizationId', undefined);
export const $myOrganisation = atom<OrganisationSummary | null>(null);
/** Every organisation the user belongs to (any role may raise for it); null until loaded. */
export const $myMemberships = atom<MyMembership[] | null>(null);

let loadedFor: string | undefined;
let membershipsFor: string | undefined;

onSessionEnd(() => {
  loadedFor = undefined;
  membershipsFor = undefined;
  $myOrganisation.set(null);
  $myMemberships.set(null);
  $storedOrganisationId.set(undefined);
});

/**
 * Loads the organisations the user may raise funds for (GET /organizations/mine), once per
 * access token: the campaign form's "For an organisation" picker. A failure leaves an empty list.
 */
export async function loadMyMemberships(): Promise<void> {
  const token = $accessToken.get();
  if (!token || membershipsFor === token) return;
  membershipsFor = token;
  try {
    $myMemberships.set((await api.get('organizations/mine').json<Envelope<MyMembership[]>>()).data);
  } catch (error) {
    console.warn('Could not load your organisations.', error);
    $myMemberships.set([]);
  }
}

/**
 * Loads the user's organisation once per access token (after sign-in the
 * navbar does this, SPEC §2). Failures leave the menus on their fallbacks.
 */
export async function loadMyOrganisation(): Promise<void> {
  const token = $accessToken.get();
  if (!token || loadedFor === token) return;
  loadedFor = token;
  try {
    const { id, legalName } = (await api.get('organizations/').json<Envelope<MyOrganisationView>>()).data;
    $myOrganisation.set({ id, legalName });
    $storedOrganisationId.set(id);
  } catch (error) {
    console.warn('Could not load your organisation.', error);
  }
}

/** The href of "My Organisation", or null when the id is not known yet. */
export function myOrganisationHref(
  organisation: OrganisationSummary | null,
  storedId: string | undefined,
): string | null {
  const id = organisation?.id ?? storedId;
  return id ? `/organization/edit/${encodeURIComponent(id)}` : null;
}
