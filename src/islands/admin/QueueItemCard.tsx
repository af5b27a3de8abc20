import { type ReactElement, type ReactNode, useId, useState } from 'react';
import type { AdminQueueItem } from '~/lib/api/admin';
import { formatSastDateTime } from '~/lib/dates';
import { PayoutStatus } from '~/lib/enums';
import { formatMoney } from '~/lib/money';
import { actOnQueueItem, type QueueAction, type QueueKind } from '~/stores/admin';
import { AcceptForm, ReasonForm } from './DecisionForms';
import { ReferenceForm } from './ReferenceForm';
import { ReviewPanel } from './ReviewPanel';

type OpenForm = 'accept' | 'reject' | 'paid' | null;

/** What accepting does (and does not do) beyond the item itself. */
const ACCEPT_NOTICES: Partial<Record<QueueKind, ReactNode>> = {
  organisationVerifications:
    'Accepting the organisation does not accept its banking details: decide them on their own in the Banking details queue.',
  campaignVerifications:
    'Accepting the campaign also accepts the banking details it sent, if they are pending.',
  payouts: 'Accepting does not pay: mark it paid once the transfer is made.',
};

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

/** The item's title (linked to it when it has a page), what it is, and since when it waits. */
function QueueItemSummary({ kind, item }: { kind: QueueKind; item: AdminQueueItem }): ReactElement {
  const amount = amountOf(item);
  return (
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
        {kind === 'payouts' && item.status === PayoutStatus.Accepted ? ' · Accepted, awaiting payment' : ''}
      </p>
    </div>
  );
}

/** One waiting item and what staff can do about it. */
export function QueueItemCard({ kind, item, open, onOpen }: Props): ReactElement {
  const [form, setForm] = useState<OpenForm>(null);
  const [busy, setBusy] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const reviewId = useId();
  const shownForm = open ? form : null;

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
        <QueueItemSummary kind={kind} item={item} />
        {shownForm ? null : (
          <div className="flex flex-wrap gap-2">
            {kind === 'eftDonations' ? null : (
              <button
                type="button"
                className="btn-outline"
                aria-expanded={reviewing}
                aria-controls={reviewing ? reviewId : undefined}
                onClick={() => setReviewing(!reviewing)}
              >
                {reviewing ? 'Hide evidence' : 'Review evidence'}
              </button>
            )}
            <QueueItemButtons
              kind={kind}
              item={item}
              busy={busy}
              refusal={refusal}
              act={act}
              openForm={openForm}
            />
          </div>
        )}
      </div>
      {shownForm === 'accept' ? (
        <AcceptForm
          title={`Accept ${item.title}`}
          question={`Accept “${item.title}”?`}
          notice={ACCEPT_NOTICES[kind]}
          onSubmit={(note) => act({ type: 'accept', ...(note ? { note } : {}) })}
          onCancel={() => openForm(null)}
        />
      ) : null}
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
      {reviewing ? <ReviewPanel queue={kind} id={item.id} regionId={reviewId} /> : null}
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

/** The item's actions: accept (with a note, confirmed) or refuse; an accepted payout is marked paid; an EFT donation is marked received. */
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
          onClick={() => openForm('accept')}
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
