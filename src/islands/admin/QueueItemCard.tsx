import { type ReactElement, useState } from 'react';
import type { AdminQueueItem } from '~/lib/api/admin';
import { formatSastDateTime } from '~/lib/dates';
import { PayoutStatus } from '~/lib/enums';
import { formatMoney } from '~/lib/money';
import { actOnQueueItem, type QueueAction, type QueueKind } from '~/stores/admin';
import { ReasonForm } from './ReasonForm';
import { ReferenceForm } from './ReferenceForm';

type OpenForm = 'reject' | 'paid' | null;

interface Props {
  kind: QueueKind;
  item: AdminQueueItem;
  /** Whether this item's action form is the one open in the queue. */
  open: boolean;
  onOpen: (open: boolean) => void;
}

/** 'ZAR 1 250.00', or nothing when the item has no amount. */
const amountOf = (item: AdminQueueItem): string | null =>
  item.amount === null ? null : formatMoney(item.amount, { symbol: item.currencyTicker ?? '' });

/** One waiting item and what staff can do about it. */
export function QueueItemCard({ kind, item, open, onOpen }: Props): ReactElement {
  const [form, setForm] = useState<OpenForm>(null);
  const [busy, setBusy] = useState(false);
  const shownForm = open ? form : null;
  const amount = amountOf(item);

  const act = async (action: QueueAction): Promise<boolean> => {
    setBusy(true);
    const done = await actOnQueueItem(kind, item.id, action);
    setBusy(false);
    return done;
  };
  const openForm = (next: OpenForm): void => {
    setForm(next);
    onOpen(next !== null);
  };
  const refusal = kind === 'payouts' ? 'Decline' : 'Reject';

  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4" aria-label={item.title}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-ink">
            {item.href ? (
              <a href={item.href} className="text-brand-dark underline" target="_blank" rel="noopener">
                {item.title}
              </a>
            ) : (
              item.title
            )}
          </p>
          <p className="text-sm text-ink-muted">{item.summary}</p>
          <p className="text-xs text-ink-muted">
            Since {formatSastDateTime(item.since)}
            {amount ? ` · ${amount}` : ''}
            {kind === 'payouts' && item.status === PayoutStatus.Accepted
              ? ' · Accepted, awaiting payment'
              : ''}
          </p>
        </div>
        {shownForm ? null : (
          <QueueItemButtons
            kind={kind}
            item={item}
            busy={busy}
            refusal={refusal}
            act={act}
            openForm={openForm}
          />
        )}
      </div>
      {shownForm === 'reject' ? (
        <ReasonForm
          title={`${refusal} ${item.title}`}
          question={`${refusal} “${item.title}”?`}
          submitLabel={refusal}
          confirmLabel={`Yes, ${refusal.toLowerCase()}`}
          busyLabel={kind === 'payouts' ? 'Declining…' : 'Rejecting…'}
          onSubmit={(reason) => act({ type: 'reject', reason })}
          onCancel={() => openForm(null)}
        />
      ) : null}
      {shownForm === 'paid' ? (
        <ReferenceForm
          title={`Mark ${item.title} paid`}
          onSubmit={(reference) => act({ type: 'paid', reference })}
          onCancel={() => openForm(null)}
        />
      ) : null}
    </li>
  );
}

interface ButtonsProps {
  kind: QueueKind;
  item: AdminQueueItem;
  busy: boolean;
  refusal: string;
  act: (action: QueueAction) => Promise<boolean>;
  openForm: (form: OpenForm) => void;
}

/** The item's actions: accept or refuse; an accepted payout is marked paid; an EFT donation is marked received. */
function QueueItemButtons({ kind, item, busy, refusal, act, openForm }: ButtonsProps): ReactElement {
  if (kind === 'eftDonations') {
    return (
      <button
        type="button"
        className="btn-primary disabled:opacity-60"
        disabled={busy || item.amount === null}
        onClick={() => void act({ type: 'received', amount: item.amount ?? 0 })}
      >
        Mark received
      </button>
    );
  }
  const accepted = kind === 'payouts' && item.status === PayoutStatus.Accepted;
  return (
    <div className="flex flex-wrap gap-2">
      {accepted ? (
        <button type="button" className="btn-primary" disabled={busy} onClick={() => openForm('paid')}>
          Mark paid
        </button>
      ) : (
        <button
          type="button"
          className="btn-primary disabled:opacity-60"
          disabled={busy}
          onClick={() => void act({ type: 'accept' })}
        >
          Accept
        </button>
      )}
      {accepted ? null : (
        <button type="button" className="btn-outline" disabled={busy} onClick={() => openForm('reject')}>
          {refusal}
        </button>
      )}
    </div>
  );
}
