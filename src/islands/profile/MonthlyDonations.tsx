import { useStore } from '@nanostores/react';
import { type ReactElement, useRef, useState } from 'react';
import { ConfirmDangerDialog } from '~/islands/form/ConfirmDangerDialog';
import type { Recurrence } from '~/lib/api/myDonations';
import { campaignHref, formatLocalShortDate } from '~/lib/campaignDisplay';
import {
  canChangeRecurring,
  deductionDayLabel,
  deductionsProgress,
  durationLabel,
  isRecurringOpen,
  recurringStatusLabel,
} from '~/lib/donationDisplay';
import { href, m } from '~/lib/i18n';
import { formatMoney } from '~/lib/money';
import { SITE_LINKS } from '~/lib/siteLinks';
import { $recurringDonations, cancelRecurring, loadRecurringDonations } from '~/stores/myDonations';
import { ChangeMonthlyDonation } from './ChangeMonthlyDonation';
import { DetailRow, rowClass } from './donationParts';
import { PagedDonationList } from './PagedDonationList';
import { RecurringCharges } from './RecurringCharges';

const actionClass = 'btn-outline px-3 py-1.5 text-sm';

type Mode = 'view' | 'change' | 'confirm-cancel';

function MonthlyRow({ recurrence }: { recurrence: Recurrence }): ReactElement {
  const [mode, setMode] = useState<Mode>('view');
  const [paymentsShown, setPaymentsShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const actions = useRef<HTMLDivElement>(null);
  const name = recurrence.campaign.name;
  const open = isRecurringOpen(recurrence.status);

  /** Back to the row's actions, keyboard included. */
  const back = (): void => {
    setMode('view');
    requestAnimationFrame(() => actions.current?.querySelector<HTMLElement>('button')?.focus());
  };

  const cancel = async (): Promise<void> => {
    setBusy(true);
    await cancelRecurring(recurrence.donationSchedulerId);
    setBusy(false);
    setMode('view');
  };

  return (
    <li className={rowClass}>
      <h3 className="font-semibold text-ink" data-user-content>
        <a href={href(campaignHref(recurrence.campaign.url))} className="text-brand-dark hover:underline">
          {name}
        </a>
      </h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <DetailRow term={m.profile_amount_per_month()}>
          {formatMoney(recurrence.amount, recurrence.currency)}
        </DetailRow>
        <DetailRow term={m.profile_deduction_day()}>{deductionDayLabel(recurrence.deductionDate)}</DetailRow>
        <DetailRow term={m.profile_duration()}>{durationLabel(recurrence.term)}</DetailRow>
        <DetailRow term={m.profile_deductions_made()}>
          {deductionsProgress(recurrence.deductionsMade, recurrence.cycles)}
        </DetailRow>
        <DetailRow term={m.profile_next_deduction()}>
          {open && recurrence.nextDeductionDate ? formatLocalShortDate(recurrence.nextDeductionDate) : '—'}
        </DetailRow>
        <DetailRow term={m.profile_status()}>{recurringStatusLabel(recurrence.status)}</DetailRow>
      </dl>

      {open && mode === 'view' ? (
        <div ref={actions} className="mt-3 flex flex-wrap gap-2">
          {/* Before the first payment PayFast charges what the checkout was signed with. */}
          {canChangeRecurring(recurrence) ? (
            <button type="button" className={actionClass} onClick={() => setMode('change')}>
              {m.profile_change_amount()}
              <span className="sr-only"> {m.profile_change_amount_target({ name })}</span>
            </button>
          ) : null}
          <button
            type="button"
            className={`${actionClass} border-red-700 text-red-700 hover:bg-red-50`}
            onClick={() => setMode('confirm-cancel')}
          >
            {m.profile_cancel()}
            <span className="sr-only"> {m.profile_cancel_target({ name })}</span>
          </button>
        </div>
      ) : null}

      {recurrence.deductionsMade > 0 ? (
        <div className="mt-3">
          <button
            type="button"
            className="text-sm font-semibold text-brand underline"
            aria-expanded={paymentsShown}
            onClick={() => setPaymentsShown((shown) => !shown)}
          >
            {paymentsShown ? m.profile_hide_payments() : m.profile_show_payments()}
            <span className="sr-only"> {m.profile_payments_target({ name })}</span>
          </button>
          {paymentsShown ? <RecurringCharges recurrence={recurrence} /> : null}
        </div>
      ) : null}

      {open && mode === 'change' ? <ChangeMonthlyDonation recurrence={recurrence} onDone={back} /> : null}

      {open && mode === 'confirm-cancel' ? (
        <ConfirmDangerDialog
          className="mt-3"
          question={m.profile_cancel_question({ name })}
          confirmLabel={m.profile_cancel_confirm()}
          busyLabel={m.profile_cancelling()}
          cancelLabel={m.profile_keep_donating()}
          busy={busy}
          onConfirm={() => void cancel()}
          onCancel={back}
        />
      ) : null}
    </li>
  );
}

/** The monthly (recurring) list of My Donations: 5 a page, newest first, with change and cancel. */
export function MonthlyDonations(): ReactElement {
  const state = useStore($recurringDonations);
  return (
    <PagedDonationList
      state={state}
      load={loadRecurringDonations}
      texts={{
        loading: m.profile_monthly_loading(),
        failed: m.profile_monthly_failed(),
        list: m.profile_monthly_list(),
        pages: m.profile_monthly_pages(),
      }}
      keyOf={(recurrence) => recurrence.donationSchedulerId}
      renderItem={(recurrence) => <MonthlyRow recurrence={recurrence} />}
      empty={
        <>
          <p className="text-ink-muted">{m.profile_monthly_empty()}</p>
          <a href={href(SITE_LINKS.findCampaign)} className="btn-outline">
            {m.profile_browse_campaigns()}
          </a>
        </>
      }
    />
  );
}
