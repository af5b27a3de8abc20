import { type ReactElement, useEffect, useState } from 'react';
import { FormNotice } from '~/islands/form/FormNotice';
import type { InvitationPreview } from '~/lib/contracts/campaigns';
import { invitationSentence } from '~/lib/invitationText';
import { loadInvitationPreview } from '~/stores/invitation';
import { invitationTokenOf, peekReturnPath } from '~/stores/returnPath';

interface Props {
  /** The invitation's token; undefined: the one the saved return path leads back to, if any. */
  token?: string | null;
  /** What the reader does next, after the sentence. */
  next: string;
}

/**
 * "Thandi Mokoena invited you to be a Champion of Themba Care Foundation NPC" (issue 22), on
 * the invitation page and on the login and sign-up pages it leads to. Those pages are the same
 * for everyone (cached), so the browser asks for the invitation by the token it holds.
 */
export function InvitationNotice({ token, next }: Props): ReactElement | null {
  const [invitation, setInvitation] = useState<InvitationPreview | null>(null);

  useEffect(() => {
    const wanted = token === undefined ? invitationTokenOf(peekReturnPath()) : token;
    if (!wanted) return;
    let live = true;
    void loadInvitationPreview(wanted).then((found) => {
      if (live) setInvitation(found);
    });
    return () => {
      live = false;
    };
  }, [token]);

  if (!invitation) return null;
  return (
    <FormNotice tone="info">
      <span className="font-semibold" data-testid="invitation-sentence">
        {invitationSentence(invitation)}.
      </span>{' '}
      {next}
    </FormNotice>
  );
}
