import { type ReactElement, useCallback, useEffect, useState } from 'react';
import { ConfirmDangerDialog } from '~/islands/form/ConfirmDangerDialog';
import {
  getYearlyCertificates,
  getYearlyCertificatesCsv,
  issueYearlyCertificates,
  type YearlyCertificate,
} from '~/lib/api/receipts';
import { failureBodyOf, notifyStoreError } from '~/lib/api/storeErrors';
import { saveBlob } from '~/lib/browser/browserFiles';
import type { MyOrganisationView } from '~/lib/contracts/organisations';
import { formatShortDate, southAfricanDate } from '~/lib/dates';
import { formatMoney } from '~/lib/money';
import { taxYearLabel, taxYearOfDay } from '~/lib/taxYear';
import { notify } from '~/stores/toast';

/**
 * Yearly Section 18A certificates (docs/api/receipts.md): pick an ended tax year, issue every donor's
 * certificate in one action (each mailed), see them and download the CSV for SARS.
 */
export function YearlyCertificates({ organisation }: { organisation: MyOrganisationView }): ReactElement {
  const lastEnded = taxYearOfDay(southAfricanDate(new Date())) - 1;
  const years = [lastEnded, lastEnded - 1, lastEnded - 2];
  const [year, setYear] = useState(lastEnded);
  const [items, setItems] = useState<YearlyCertificate[] | null>(null);
  const [total, setTotal] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async (): Promise<void> => {
    try {
      const { data } = await getYearlyCertificates(organisation.id, year, 1, 100);
      setItems(data.items);
      setTotal(data.paginationMetadata.totalCount);
    } catch (error) {
      notifyStoreError(error);
    }
  }, [organisation.id, year]);

  useEffect(() => {
    setItems(null);
    void load();
  }, [load]);

  const issue = async (): Promise<void> => {
    setConfirming(false);
    setBusy(true);
    setNotice(null);
    try {
      const answer = await issueYearlyCertificates(organisation.id, year);
      setNotice(answer.meta.message ?? null);
      notify({ type: 'success', message: answer.meta.message ?? 'Done.' });
      await load();
    } catch (error) {
      setNotice(failureBodyOf(error).meta.message ?? null);
      notifyStoreError(error);
    } finally {
      setBusy(false);
    }
  };

  const exportCsv = async (): Promise<void> => {
    try {
      saveBlob(
        await getYearlyCertificatesCsv(organisation.id, year),
        `section-18a-yearly-certificates-${year}.csv`,
      );
    } catch (error) {
      notifyStoreError(error);
    }
  };

  return (
    <section aria-labelledby="yearly-title" className="space-y-4 border-t border-gray-200 pt-6">
      <div>
        <h2 id="yearly-title" className="text-xl font-bold text-ink">
          Yearly certificates
        </h2>
        <p className="text-sm text-ink-muted">
          One Section 18A certificate per donor for a whole tax year, in the same number series as your
          receipts. A donation that already has its own receipt is listed but not counted twice.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-semibold text-ink">
          Tax year
          <select
            className="rounded-lg border border-gray-300 px-3 py-2 font-normal"
            value={year}
            onChange={(event) => setYear(Number(event.currentTarget.value))}
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {taxYearLabel(y)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn-primary"
          disabled={busy || !organisation.pboNumber}
          onClick={() => setConfirming(true)}
        >
          {busy ? 'Issuing…' : 'Issue certificates'}
        </button>
        {total > 0 ? (
          <button type="button" className="btn-outline" onClick={() => void exportCsv()}>
            Export CSV
          </button>
        ) : null}
      </div>
      {notice ? (
        <p role="status" className="text-sm text-ink">
          {notice}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDangerDialog
          question={
            <>
              Issue certificates for {taxYearLabel(year)}? Every donor of that tax year without one gets it by
              email, with the next numbers of your receipt series. Numbers cannot be taken back.
            </>
          }
          confirmLabel="Issue and email them"
          busyLabel="Issuing…"
          cancelLabel="Not now"
          busy={busy}
          onConfirm={() => void issue()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
      {items === null ? (
        <p className="text-ink-muted">Loading certificates…</p>
      ) : items.length === 0 ? (
        <p className="text-ink-muted">No certificates for this tax year yet.</p>
      ) : (
        <ul className="divide-y divide-gray-200" aria-label={`Certificates for the ${year} tax year`}>
          {items.map((c) => (
            <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2 text-sm">
              <span>
                <span className="font-semibold">No. {c.numberText}</span> · {c.donorName}
                <span className="block text-xs text-ink-muted break-all">
                  {c.donorEmail} · issued {formatShortDate(c.issuedAt)} · {c.donations.length}{' '}
                  {c.donations.length === 1 ? 'donation' : 'donations'}
                  {c.mailedAt ? ' · emailed' : ''}
                </span>
              </span>
              <span className="font-bold">{formatMoney(c.amount, 1)}</span>
            </li>
          ))}
          {total > items.length ? (
            <li className="py-2 text-sm text-ink-muted">
              And {total - items.length} more: the CSV has them all.
            </li>
          ) : null}
        </ul>
      )}
    </section>
  );
}
