import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { api } from '~/lib/api';
import { onSessionEnd } from './auth';
import { $accessToken } from './tokens';
import './storage';

/** What the navbar and sidebar need of the signed-in user's organisation. */
export interface OrganisationSummary {
  id: string;
  legalName: string;
}

/** The organisation id stored after registration (SPEC §3), used until the organisation is loaded. */
export const $storedOrganisationId = persistentAtom<string | undefined>('organizationId', undefined);
export const $myOrganisation = atom<OrganisationSummary | null>(null);

function summaryOf(body: unknown): OrganisationSummary | null {
  const data = (body as { data?: unknown } | null)?.data;
  if (!data || typeof data !== 'object') return null;
  const { id, legalName } = data as Record<string, unknown>;
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  return { id: String(id), legalName: typeof legalName === 'string' ? legalName : '' };
}

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
    const organisation = summaryOf(await api.get('organizations/').json());
    $myOrganisation.set(organisation);
    if (organisation) $storedOrganisationId.set(organisation.id);
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
