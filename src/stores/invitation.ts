import { api, type Envelope, publicApi, renewAccessToken } from '~/lib/api';
import { failureBodyOf } from '~/lib/api/storeErrors';
import type { InvitationAnswer, InvitationPreview } from '~/lib/contracts/campaigns';
import { loadMyOrganisation } from './myOrganisation';
import { $accessToken } from './tokens';

export type InvitationResult =
  | { ok: true; answer: InvitationAnswer; message: string }
  | { ok: false; message: string };

const INVALID_INVITATION = 'This invitation link is invalid or has expired.';

/**
 * A new organisation membership changes the access token's claims
 * (hasOrganization, isChampion): new tokens now, so the menus follow without
 * logging in again, then the organisation the navbar shows.
 */
async function refreshMembership(): Promise<void> {
  try {
    await renewAccessToken($accessToken.get());
    await loadMyOrganisation();
  } catch (error) {
    // The membership is saved; the claims follow at the next refresh.
    console.warn('Could not refresh your session after joining the organisation.', error);
  }
}

/** POST /team-members (ours): the signed-in invitee accepts or declines a campaign or organisation invitation. */
export async function answerInvitation(token: string, accept: boolean): Promise<InvitationResult> {
  let body: Envelope<InvitationAnswer>;
  try {
    body = await api.post('team-members', { json: { token, accept } }).json<Envelope<InvitationAnswer>>();
  } catch (error) {
    return { ok: false, message: failureBodyOf(error).meta.message ?? INVALID_INVITATION };
  }
  if (accept && body.data.organizationId) await refreshMembership();
  return { ok: true, answer: body.data, message: body.meta.message ?? '' };
}

/**
 * GET /team-members/invitation?token= (public): what the invitation is for, so its page and the
 * login and sign-up pages can name it. Null when the link is invalid, used or expired.
 */
export async function loadInvitationPreview(token: string): Promise<InvitationPreview | null> {
  try {
    const body = await publicApi
      .get('team-members/invitation', { searchParams: { token } })
      .json<Envelope<InvitationPreview>>();
    return body.data;
  } catch {
    return null;
  }
}
