import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { api, type Envelope } from '~/lib/api';
import type { MyOrganisationView } from '~/lib/contracts/organisations';
import { onSessionEnd } from './auth';
import { $accessToken } from './tokens';
import './storage';

/** What the navbar and sidebar need of the signed-in user's organisation. */
export type OrganisationSummary = Pick<MyOrganisationView, 'id' | 'legalName'>;

/** The organisation id stored after registration (SPEC §3), used until the organisation is loaded. */
export const $storedOrganisationId = persistentAtom<string | undefined>('organizationId', undefined);
export const $myOrganisation = atom<OrganisationSummary | null>(null);

let loadedFor: string | undefined;

onSessionEnd(() => {
  loadedFor = undefined;
  $myOrganisation.set(null);
  $storedOrganisationId.set(undefined);
});

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
