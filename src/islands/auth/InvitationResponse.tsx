import { type ReactElement, useState } from 'react';
import { FormNotice } from '~/islands/form/FormNotice';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { answerInvitation } from '~/stores/invitation';
import { SessionPending } from './SessionPending';
import { useRequiredUser } from './useRequiredUser';

interface Props {
  /** The invitation link's `?token=`; null when the link had none. */
  token: string | null;
}

type State =
  | { kind: 'asking' }
  | { kind: 'sending' }
  | { kind: 'answered'; message: string; campaignId: string | null }
  | { kind: 'failed'; message: string };

function InvitationContent({ token }: Props): ReactElement {
  // Accepting ties the membership to an account, so the invitee signs in (or signs up) first.
  const user = useRequiredUser();
  const [state, setState] = useState<State>(
    token
      ? { kind: 'asking' }
      : { kind: 'failed', message: 'This invitation link is invalid or has expired.' },
  );
  if (!user) return <SessionPending label="Checking your session…" />;

  async function answer(accept: boolean): Promise<void> {
    if (!token) return;
    setState({ kind: 'sending' });
    const result = await answerInvitation(token, accept);
    setState(
      result.ok
        ? {
            kind: 'answered',
            message: result.message,
            campaignId: accept ? result.answer.campaignId : null,
          }
        : { kind: 'failed', message: result.message },
    );
  }

  if (state.kind === 'failed') return <FormNotice tone="error">{state.message}</FormNotice>;
  if (state.kind === 'answered') {
    return (
      <div className="space-y-4">
        <FormNotice tone="success">{state.message}</FormNotice>
        {/* To the editor: a team member is there to help run it, and a draft has no public page yet. */}
        <a
          href={state.campaignId ? `/campaign/edit/${state.campaignId}` : '/home'}
          className="btn-primary w-full"
        >
          {state.campaignId ? 'Open the campaign editor' : 'Go to the home page'}
        </a>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-ink">
        You have been invited to help run a campaign on Letsema, signed in as <strong>{user.email}</strong>.
        Team members can edit the campaign and post updates.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          className="btn-primary flex-1"
          disabled={state.kind === 'sending'}
          onClick={() => void answer(true)}
        >
          Accept invitation
        </button>
        <button
          type="button"
          className="btn-outline flex-1"
          disabled={state.kind === 'sending'}
          onClick={() => void answer(false)}
        >
          Decline
        </button>
      </div>
    </div>
  );
}

/** The landing page of a campaign team invitation mail. */
export default function InvitationResponse(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <InvitationContent {...props} />
    </IslandErrorBoundary>
  );
}
