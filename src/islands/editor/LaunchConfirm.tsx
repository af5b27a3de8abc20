import { type ReactElement, useId } from 'react';
import { payoutRecipientText } from '~/lib/campaignPayee';
import type { CampaignFormValues } from '~/stores/campaignCreation';
import type { OrganisationSummary } from '~/stores/myOrganisation';

/**
 * Who the form's values pay, in words (src/lib/campaignPayee.ts): the chosen organisation's
 * verified account, or the owner ("you"; the owner's name when someone else of the team reads it).
 */
export function payeeOf(
  values: Pick<CampaignFormValues, 'fundingChoice' | 'organisation'>,
  organisations: readonly OrganisationSummary[],
  ownerName: string | null,
): string {
  const organisation =
    values.fundingChoice === 'organisation'
      ? (organisations.find((o) => o.id === values.organisation) ?? null)
      : null;
  if (values.fundingChoice === 'organisation' && !organisation) {
    return 'Choose the organisation this campaign raises funds for';
  }
  return payoutRecipientText({ organisation, ownerName });
}

interface Props {
  name: string;
  payee: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Launch …?" with who is paid, before the campaign goes live (issue 22). */
export function LaunchConfirm({ name, payee, busy, onConfirm, onCancel }: Props): ReactElement {
  const questionId = useId();
  return (
    <div
      role="alertdialog"
      aria-labelledby={questionId}
      className="space-y-3 rounded-lg border border-brand bg-brand-light p-4"
    >
      <p id={questionId} className="font-semibold text-ink">
        Launch “{name.trim() || 'your campaign'}” now?
      </p>
      <p className="text-ink">
        <strong>{payee}.</strong> Donors can give as soon as it is live, and where the money goes cannot
        change once donations come in.
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          // biome-ignore lint/a11y/noAutofocus: the confirmation takes the keyboard as it opens
          autoFocus
          className="btn-accent disabled:opacity-60"
          disabled={busy}
          onClick={onConfirm}
        >
          {busy ? 'Launching…' : 'Yes, launch it'}
        </button>
        <button type="button" className="btn-outline bg-white" disabled={busy} onClick={onCancel}>
          Not yet
        </button>
      </div>
    </div>
  );
}
