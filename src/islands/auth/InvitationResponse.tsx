import { type ReactElement, useState } from 'react';
import { FormNotice } from '~/islands/form/FormNotice';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import type { InvitationAnswer } from '~/lib/contracts/campaigns';
import { InviteStatus, OrgUserRole } from '~/lib/enums';
import { answerInvitation } from '~/stores/invitation';
import { InvitationNotice } from './InvitationNotice';
import { SessionPending } from './SessionPending';
import { useRequiredUser } from './useRequiredUser';

interface Props {
  /** The invitation link's `?token=`; null when the link had none. */
  token: string | null;
}

/** Where the invitee goes next: the team's own page for the role they accepted. */
interface NextStep {
  href: string;
  label: string;
}

type State =
  | { kind: 'asking' }
  | { kind: 'sending' }
  | { kind: 'answered'; message: string; next: NextStep }
  | { kind: 'failed'; message: string };

const HOME_STEP: NextStep = { href: '/home', label: 'Go to the home page' };

/**
 * After accepting: a champion starts a campaign for the organisation (the
 * editor offers "For an organisation" to members), other organisation members
 * manage it, and a campaign's team member opens its editor (a draft has no
 * public page yet).
 */
function nextStepOf(answer: InvitationAnswer): NextStep {
  if (answer.inviteStatus !== InviteStatus.Accepted) return HOME_STEP;
  if (answer.organizationId) {
    return answer.userRole === OrgUserRole.Champion
      ? {
          // The start form opens with this organisation chosen under "For an organisation".
          href: `/campaign/start?organisation=${encodeURIComponent(answer.organizationId)}`,
          label: `Start a campaign for ${answer.organizationName ?? 'the organisation'}`,
        }
      : {
          href: `/organization/edit/${encodeURIComponent(answer.organizationId)}`,
          label: 'Manage the organisation',
        };
  }
  if (answer.campaignId) {
    return {
      href: `/campaign/edit/${encodeURIComponent(answer.campaignId)}`,
      label: 'Open the campaign editor',
    };
  }
  return HOME_STEP;
}

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
        ? { kind: 'answered', message: result.message, next: nextStepOf(result.answer) }
        : { kind: 'failed', message: result.message },
    );
  }

  if (state.kind === 'failed') return <FormNotice tone="error">{state.message}</FormNotice>;
  if (state.kind === 'answered') {
    return (
      <div className="space-y-4">
        <FormNotice tone="success">{state.message}</FormNotice>
        <a href={state.next.href} className="btn-primary w-full">
          {state.next.label}
        </a>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <InvitationNotice token={token} next="Accept it to join, or decline it." />
      <p className="text-ink">
        You are signed in as <strong>{user.email}</strong>; accepting links the invitation to this account.
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

/** The landing page of a team invitation mail (a campaign's team or an organisation's). */
export default function InvitationResponse(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <InvitationContent {...props} />
    </IslandErrorBoundary>
  );
}
