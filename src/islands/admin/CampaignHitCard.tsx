import { lazy, type ReactElement, Suspense, useState } from 'react';
import { CloseReasonForm } from '~/islands/editor/CloseReasonForm';
import type { AdminCampaignHit } from '~/lib/api/admin';
import { CampaignStatus, campaignStatusLabel } from '~/lib/enums';
import { changeFoundCampaign, payeeOfHit } from '~/stores/admin';
import { ReasonForm } from './DecisionForms';
import { MoveMoneyForm } from './MoveMoneyForm';

const RefundsPanel = lazy(() => import('./RefundsPanel'));

type OpenForm = 'close' | 'move' | 'pause' | 'hold';
type Change = (next: Parameters<typeof changeFoundCampaign>[1]) => Promise<boolean>;

/** What staff are reviewing on the campaign, one line: paused, held, owed after refunds; or null. */
function reviewNotice(hit: AdminCampaignHit): string | null {
  const paused = hit.donationsPausedReason !== null;
  const held = hit.payoutsHeldReason !== null;
  if (!paused && !held && hit.owed <= 0) return null;
  return [
    paused ? `Donations paused${hit.donationsPausedReason ? `: ${hit.donationsPausedReason}` : ''}` : null,
    held ? `Payouts on hold${hit.payoutsHeldReason ? `: ${hit.payoutsHeldReason}` : ''}` : null,
    hit.owed > 0 ? `Owes ${hit.owed.toFixed(2)} after refunds` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The switches, each a button: a name and what it does (a change at once, or its form opened).
 * A closed campaign is neither hidden, featured nor closed again.
 */
function hitActions(
  hit: AdminCampaignHit,
  change: Change,
  openForm: (form: OpenForm) => void,
): [label: string, run: () => void][] {
  const paused = hit.donationsPausedReason !== null;
  const held = hit.payoutsHeldReason !== null;
  const hidden = hit.status === CampaignStatus.Hidden;
  const visibility: [string, () => void][] = [
    [hidden ? 'Show' : 'Hide', () => void change({ hidden: !hidden })],
    [hit.featured ? 'Unfeature' : 'Feature', () => void change({ featured: !hit.featured })],
    ['Close', () => openForm('close')],
  ];
  return [
    ...(hit.status === CampaignStatus.Closed ? [] : visibility),
    ['Move money', () => openForm('move')],
    [
      paused ? 'Resume donations' : 'Pause donations',
      () => (paused ? void change({ pauseDonations: null }) : openForm('pause')),
    ],
    [
      held ? 'Release payouts' : 'Hold payouts',
      () => (held ? void change({ holdPayouts: null }) : openForm('hold')),
    ],
  ];
}

/**
 * A campaign found by the search, with where its money goes and its switches: Hide/Show,
 * Feature/Unfeature, Close with a reason, Move money (even once closed: it may still hold funds),
 * the payment methods only a platform admin switches: debit orders (Paysoft) and SnapScan, and
 * what staff do while they review a report: pause donations, hold payouts, and refund its
 * donations (one, part of one, or all: RefundsPanel, loaded when opened).
 */
export function CampaignHitCard({
  hit,
  onChanged,
}: {
  hit: AdminCampaignHit;
  /** Called after a change succeeded (the reports queue reads its groups again). */
  onChanged?: () => void;
}): ReactElement {
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<OpenForm | null>(null);
  const [refunds, setRefunds] = useState(false);
  const closed = hit.status === CampaignStatus.Closed;
  const review = reviewNotice(hit);

  const change: Change = async (next) => {
    setBusy(true);
    const done = await changeFoundCampaign(hit.id, next);
    setBusy(false);
    if (done) onChanged?.();
    return done;
  };

  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4" aria-label={hit.name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">
            <a href={`/campaign/${encodeURIComponent(hit.url)}`} className="text-brand-dark underline">
              {hit.name}
            </a>
          </p>
          <p className="text-sm text-ink-muted">
            {hit.ownerName} ({hit.ownerEmail}) · {campaignStatusLabel(hit.status)}
            {hit.featured ? ' · Featured' : ''}
            {hit.isVerified ? ' · Verified' : ''}
          </p>
          {open === 'move' ? null : (
            <p className="text-sm" data-testid="campaign-payee">
              {payeeOfHit(hit)}
            </p>
          )}
          {review ? (
            <p className="text-sm font-semibold text-red-800" data-testid="campaign-review">
              {review}
            </p>
          ) : null}
        </div>
        {open ? null : (
          <div className="flex flex-wrap gap-2">
            {hitActions(hit, change, setOpen).map(([label, run]) => (
              <button key={label} type="button" className="btn-outline" disabled={busy} onClick={run}>
                {label}
              </button>
            ))}
            <button
              type="button"
              className="btn-outline"
              aria-expanded={refunds}
              onClick={() => setRefunds(!refunds)}
            >
              Donations and refunds
            </button>
          </div>
        )}
      </div>
      {closed || open ? null : <PaymentMethods hit={hit} busy={busy} change={change} />}
      {open ? <HitForm form={open} hit={hit} change={change} onDone={() => setOpen(null)} /> : null}
      {refunds ? (
        <Suspense fallback={<p className="mt-3 text-sm text-ink-muted">Loading the donations…</p>}>
          <RefundsPanel campaignId={hit.id} name={hit.name} />
        </Suspense>
      ) : null}
    </li>
  );
}

/** The payment methods only a platform admin switches, in the order they show. */
const ADMIN_GATEWAYS = [
  { key: 'paysoft', label: 'Monthly debit orders (Paysoft)' },
  { key: 'snapscan', label: 'SnapScan' },
] as const;

/** The payment methods only a platform admin switches: debit orders (Paysoft) and SnapScan. */
function PaymentMethods({
  hit,
  busy,
  change,
}: {
  hit: AdminCampaignHit;
  busy: boolean;
  change: Change;
}): ReactElement {
  return (
    <fieldset className="mt-3 flex flex-wrap gap-4 text-sm" aria-label={`Payment methods of ${hit.name}`}>
      {ADMIN_GATEWAYS.map(({ key, label }) => (
        <label key={key} className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={hit.gateways[key]}
            disabled={busy}
            onChange={(e) => void change({ [key]: e.currentTarget.checked })}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** The open form: close with a reason, move money, pause donations or hold payouts. */
function HitForm({
  form,
  hit,
  change,
  onDone,
}: {
  form: OpenForm;
  hit: AdminCampaignHit;
  change: Change;
  onDone: () => void;
}): ReactElement {
  switch (form) {
    case 'close':
      return (
        <CloseReasonForm
          campaignName={hit.name}
          label={`Close ${hit.name}`}
          reasonLabel="Reason"
          confirmLabel="Yes, close it"
          className="mt-3 space-y-3"
          onClose={async (close) => ({ ok: await change({ close }) })}
          onClosed={onDone}
          onCancel={onDone}
        />
      );
    case 'move':
      return <MoveMoneyForm hit={hit} onDone={onDone} />;
    case 'pause':
      return (
        <ReasonForm
          title={`Pause donations to ${hit.name}`}
          question={`Pause donations to “${hit.name}”? Its page stays up with a notice and every new donation is refused.`}
          submitLabel="Pause donations"
          confirmLabel="Yes, pause"
          busyLabel="Pausing…"
          onSubmit={(reason) => change({ pauseDonations: { reason } })}
          onCancel={onDone}
        />
      );
    case 'hold':
      return (
        <ReasonForm
          title={`Hold payouts of ${hit.name}`}
          question={`Hold the payouts of “${hit.name}”? New requests are refused and accepted payouts wait.`}
          submitLabel="Hold payouts"
          confirmLabel="Yes, hold"
          busyLabel="Holding…"
          onSubmit={(reason) => change({ holdPayouts: { reason } })}
          onCancel={onDone}
        />
      );
  }
}
