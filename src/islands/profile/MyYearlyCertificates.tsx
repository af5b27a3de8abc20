import { type ReactElement, useEffect, useState } from 'react';
import { TitledSection } from '~/islands/shared/TitledSection';
import { getMyYearlyCertificates, getYearlyCertificatePdf, type YearlyCertificate } from '~/lib/api/receipts';
import { notifyStoreError } from '~/lib/api/storeErrors';
import { saveBlob } from '~/lib/browser/browserFiles';
import { m } from '~/lib/i18n';
import { formatMoney } from '~/lib/money';
import { taxYearEndDay } from '~/lib/taxYear';

/**
 * "Your yearly tax certificates": the Section 18A certificates organisations issued the donor for a
 * whole tax year (docs/api/receipts.md). Shown only when there is one.
 */
export function MyYearlyCertificates(): ReactElement | null {
  const [items, setItems] = useState<YearlyCertificate[]>([]);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    getMyYearlyCertificates()
      .then((answer) => {
        if (live) setItems(answer.data);
      })
      .catch(notifyStoreError);
    return () => {
      live = false;
    };
  }, []);

  if (items.length === 0) return null;
  const download = async (certificate: YearlyCertificate): Promise<void> => {
    setBusy(certificate.id);
    try {
      saveBlob(
        await getYearlyCertificatePdf(certificate),
        `section-18a-certificate-${certificate.taxYear}-${certificate.numberText}.pdf`,
      );
    } catch (error) {
      notifyStoreError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <TitledSection
      id="my-yearly-certificates"
      title={m.profile_yearly_certificates()}
      className="space-y-3"
      titleClassName="text-lg font-bold text-ink"
    >
      <ul className="divide-y divide-gray-200">
        {items.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span>
              <span className="font-semibold text-ink" data-user-content>
                {c.organisation.name}
              </span>
              <span className="block text-sm text-ink-muted">
                {m.profile_tax_year({
                  start: c.taxYear - 1,
                  endDay: taxYearEndDay(c.taxYear),
                  end: c.taxYear,
                })}{' '}
                · {m.profile_number({ number: c.numberText })} · {formatMoney(c.amount, 1)}
              </span>
            </span>
            <button
              type="button"
              className="btn-outline px-3 py-1.5 text-sm"
              disabled={busy === c.id}
              onClick={() => void download(c)}
            >
              {busy === c.id ? m.profile_preparing() : m.profile_download()}
              <span className="sr-only">
                {' '}
                {m.profile_certificate_target({ year: String(c.taxYear), organisation: c.organisation.name })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
