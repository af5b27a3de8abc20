import { useStore } from '@nanostores/react';
import { type ReactElement, type ReactNode, useEffect, useState } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import { LoadFailure } from '~/islands/shared/LoadFailure';
import type { AdminReview, ReviewBanking, ReviewDocument, ReviewFact, ReviewPayout } from '~/lib/api/admin';
import type { AdminQueueName } from '~/lib/contracts/admin';
import { formatSastDateTime } from '~/lib/dates';
import { formatMoney } from '~/lib/money';
import { $adminReviews, loadReview, openReviewDocument, reviewKey } from '~/stores/adminReview';

interface Props {
  queue: AdminQueueName;
  id: string;
  /** The id of the panel's region, for the button that opens it (aria-controls). */
  regionId: string;
}

/** The evidence of one queue item, read before deciding: signals, people, documents, answers, money. */
export function ReviewPanel({ queue, id, regionId }: Props): ReactElement {
  const state = useStore($adminReviews)[reviewKey(queue, id)];
  const missing = state === undefined;
  // Read afresh on opening, and again once a decision has dropped the item's evidence.
  useEffect(() => {
    if (missing || !$adminReviews.get()[reviewKey(queue, id)]?.loading) void loadReview(queue, id);
  }, [queue, id, missing]);
  const review = state?.review;
  return (
    <section id={regionId} aria-label="Evidence" className="mt-3 space-y-4 border-t border-gray-200 pt-3">
      {review ? (
        <ReviewBody review={review} />
      ) : state?.error ? (
        <LoadFailure message="We could not load the evidence." onRetry={() => void loadReview(queue, id)} />
      ) : (
        <SessionPending label="Loading the evidence…" />
      )}
    </section>
  );
}

function ReviewBody({ review }: { review: AdminReview }): ReactElement {
  return (
    <>
      <Signals signals={review.signals} />
      <div className="grid gap-4 md:grid-cols-2">
        <Block title="Who">
          <ul className="space-y-2">
            {review.contacts.map((c) => (
              <li key={`${c.role}-${c.email ?? c.name}`} className="text-sm">
                <span className="text-ink-muted">{c.role}: </span>
                <span className="font-semibold">{c.name || '—'}</span>
                {c.email ? (
                  <>
                    {' · '}
                    <a className="text-brand-dark underline break-all" href={`mailto:${c.email}`}>
                      {c.email}
                    </a>
                  </>
                ) : null}
                {c.phone ? (
                  <>
                    {' · '}
                    <a className="text-brand-dark underline" href={`tel:${c.phone}`}>
                      {c.phone}
                    </a>
                  </>
                ) : null}
              </li>
            ))}
            {review.contacts.length === 0 ? (
              <li className="text-sm text-ink-muted">No contact on record.</li>
            ) : null}
          </ul>
          <Facts
            facts={[
              ...(review.fundingType ? [{ label: 'Funding', value: review.fundingType }] : []),
              ...(review.organisation
                ? [
                    {
                      label: 'Organisation',
                      value: `${review.organisation.name}${review.organisation.isVerified ? ' (verified)' : ' (not verified)'}`,
                    },
                  ]
                : []),
              ...review.numbers,
              { label: 'Waiting since', value: formatSastDateTime(review.since) },
            ]}
          />
        </Block>
        <Block title="Documents">
          <Documents documents={review.documents} />
        </Block>
      </div>
      {review.payout ? <PayoutBlock payout={review.payout} /> : null}
      {review.banking ? (
        <Block title="Banking details">
          <BankingFacts banking={review.banking} />
        </Block>
      ) : null}
      {review.answers.length > 0 ? (
        <Block title="Questionnaire">
          <Facts facts={review.answers} />
        </Block>
      ) : null}
    </>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }): ReactElement {
  return (
    <div className="min-w-0 space-y-2">
      <h3 className="text-sm font-bold uppercase tracking-wide text-ink-muted">{title}</h3>
      {children}
    </div>
  );
}

function Signals({ signals }: { signals: string[] }): ReactElement {
  if (signals.length === 0)
    return (
      <p className="text-sm text-ink-muted">
        No signals: the names match and the account is not given for anyone else.
      </p>
    );
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3">
      <h3 className="font-semibold text-amber-900">Look twice</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-amber-900">
        {signals.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
    </div>
  );
}

/** Label and value pairs as a description list; empty values show '—'. */
function Facts({ facts }: { facts: readonly ReviewFact[] }): ReactElement {
  return (
    <dl className="grid max-w-3xl grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1 text-sm">
      {facts.map((f) => (
        <div key={f.label} className="contents">
          <dt className="text-ink-muted">{f.label}</dt>
          <dd className="break-words font-medium text-ink">{f.value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

const kilobytes = (bytes: number): string =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function Documents({ documents }: { documents: readonly ReviewDocument[] }): ReactElement {
  const [opening, setOpening] = useState<string | null>(null);
  if (documents.length === 0) return <p className="text-sm text-ink-muted">No documents were uploaded.</p>;
  const open = async (document: ReviewDocument): Promise<void> => {
    setOpening(document.url);
    await openReviewDocument(document);
    setOpening(null);
  };
  return (
    <ul className="space-y-2">
      {documents.map((d) => (
        <li key={d.url} className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="min-w-0">
            <span className="font-semibold">{d.label}</span>
            <span className="block break-all text-xs text-ink-muted">
              {d.fileName} · {kilobytes(d.size)}
            </span>
          </span>
          <button
            type="button"
            className="btn-outline px-3 py-1 text-sm"
            aria-label={`Open ${d.label}: ${d.fileName}`}
            disabled={opening === d.url}
            onClick={() => void open(d)}
          >
            {opening === d.url ? 'Opening…' : 'Open'}
          </button>
        </li>
      ))}
    </ul>
  );
}

function BankingFacts({ banking }: { banking: ReviewBanking }): ReactElement {
  return (
    <Facts
      facts={[
        { label: 'Account holder', value: banking.accountHolderName },
        { label: 'For', value: banking.forName },
        { label: 'Bank', value: banking.bankName ?? '' },
        { label: 'Branch code', value: banking.branchCode ?? '' },
        ...(banking.swiftCode ? [{ label: 'SWIFT code', value: banking.swiftCode }] : []),
        { label: 'Account number', value: banking.accountNumber },
        { label: 'Account type', value: banking.accountType ?? '' },
        { label: 'ID type', value: banking.idType ?? '' },
        { label: 'ID number', value: banking.idNumber ?? '' },
        ...(banking.accountHolderEmail
          ? [{ label: 'Holder’s email', value: banking.accountHolderEmail }]
          : []),
        { label: 'Status', value: banking.statusLabel },
      ]}
    />
  );
}

function PayoutBlock({ payout }: { payout: ReviewPayout }): ReactElement {
  const money = (amount: number): string => formatMoney(amount, { symbol: payout.currencyTicker });
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Block title="Payout">
        <Facts
          facts={[
            { label: 'Amount', value: money(payout.amount) },
            { label: 'Status', value: payout.statusLabel },
            { label: 'Still available after it', value: money(payout.fundsAvailable) },
            ...payout.owed.map((o) => ({
              label: payout.items.length > 1 ? `After refunds (${o.campaignName})` : 'After refunds',
              value: `Owes ${money(o.amount)}`,
            })),
            {
              label: 'Pay to',
              value:
                payout.option === 'invoice' ? 'The supplier on the invoice' : 'The verified account below',
            },
            { label: 'Description', value: payout.description ?? '' },
            { label: 'Notes', value: payout.notes ?? '' },
            ...payout.items.map((i) => ({ label: `From ${i.campaignName}`, value: money(i.amount) })),
          ]}
        />
      </Block>
      <Block title="Destination account">
        {payout.destination ? (
          <BankingFacts banking={payout.destination} />
        ) : (
          <p className="text-sm text-ink-muted">This payout names no account.</p>
        )}
        <h4 className="pt-2 text-sm font-semibold">Earlier payouts to this account</h4>
        {payout.earlierPayouts.length === 0 ? (
          <p className="text-sm text-ink-muted">None.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {payout.earlierPayouts.map((p) => (
              <li key={p.id}>
                {formatMoney(p.amount, { symbol: p.currencyTicker })} for {p.forName} · {p.statusLabel} ·{' '}
                {formatSastDateTime(p.paidAt ?? p.createdAt)}
              </li>
            ))}
          </ul>
        )}
      </Block>
    </div>
  );
}
