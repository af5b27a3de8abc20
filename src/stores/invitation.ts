import { api, type Envelope } from '~/lib/api';
import { failureBodyOf } from '~/lib/api/storeErrors';
import type { InvitationAnswer } from '~/lib/contracts/campaigns';

export type InvitationResult =
  | { ok: true; answer: InvitationAnswer; message: string }
  | { ok: false; message: string };

const INVALID_INVITATION = 'This invitation link is invalid or has expired.';

/** POST /team-members (ours): the signed-in invitee accepts or declines a campaign team invitation. */
export async function answerInvitation(token: string, accept: boolean): Promise<InvitationResult> {
  try {
    const body = await api
      .post('team-members', { json: { token, accept } })
      .json<Envelope<InvitationAnswer>>();
    return { ok: true, answer: body.data, message: body.meta.message ?? '' };
  } catch (error) {
    return { ok: false, message: failureBodyOf(error).meta.message ?? INVALID_INVITATION };
  }
}
