import type { ReactElement } from 'react';
import { ConfirmDialog } from '~/islands/form/ConfirmDangerDialog';
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

/**
 * "Launch …?" before the campaign goes public (issues 22 and 29): what happens at once, in a
 * click that cannot be taken back (its page is public, its link can be shared, donations open),
 * and who is paid.
 */
export function LaunchConfirm({ name, payee, busy, onConfirm, onCancel }: Props): ReactElement {
  return (
    <ConfirmDialog
      tone="go"
      question={`Launch “${name.trim() || 'your campaign'}” now? It goes public at once.`}
      confirmLabel="Yes, launch it"
      busyLabel="Launching…"
      cancelLabel="Not yet"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <ul className="list-disc space-y-1 pl-5 text-ink">
        <li>Its page becomes public: anyone can find it and read it.</li>
        <li>Its link can be shared, by you and by anyone who sees it.</li>
        <li>Donations open: donors can give as soon as it is live.</li>
      </ul>
      <p className="text-ink">
        <strong>{payee}.</strong> Where the money goes cannot change once donations come in.
      </p>
    </ConfirmDialog>
  );
}
