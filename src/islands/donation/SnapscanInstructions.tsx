import { type ReactElement, useEffect, useRef } from 'react';
import type { TransactionInfo } from '~/lib/api/donations';
import { getDonationByToken } from '~/lib/api/myDonations';
import { thanksHref } from '~/lib/campaignDisplay';
import { awaitsGateway } from '~/lib/donationDisplay';
import { href, m } from '~/lib/i18n';
import { formatMoney } from '~/lib/money';
import { POLL_INTERVAL_MS } from './usePolledDonation';

interface Props {
  info: TransactionInfo;
  /** The donation's receipt token, for its thank-you page. */
  token: string;
}

/**
 * After choosing SnapScan: the payment's code to scan (laptop) or the SnapScan app link (phone).
 * The page asks for the donation every 2 s while the tab is visible and goes to /thanks once
 * SnapScan's webhook has settled it (paid or declined); the browser never marks anything paid.
 */
export function SnapscanInstructions({ info, token }: Props): ReactElement {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    let stopped = false;
    const ask = async (): Promise<void> => {
      if (document.visibilityState === 'hidden') return;
      try {
        const { data } = await getDonationByToken(token);
        if (!stopped && !awaitsGateway(data.status, data.paymentMethod)) {
          stopped = true;
          window.location.assign(href(thanksHref(token)));
        }
      } catch {
        // A failed ask is asked again at the next tick.
      }
    };
    const timer = window.setInterval(() => void ask(), POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [token]);
  const amount = formatMoney(info.amount, info.currency);
  return (
    <section aria-labelledby="snapscan-title" className="flex flex-col gap-4">
      <h2
        id="snapscan-title"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-bold text-ink focus:outline-none"
      >
        {m.donation_snapscan_title()}
      </h2>
      <p className="hidden md:block">{m.donation_snapscan_scan({ amount })}</p>
      <p className="md:hidden">{m.donation_snapscan_open({ amount })}</p>
      {info.paymentQr ? (
        <img
          src={info.paymentQr}
          alt={m.donation_snapscan_alt({ amount })}
          width={240}
          height={240}
          className="mx-auto hidden md:block"
        />
      ) : null}
      {info.paymentUrl ? (
        <a href={info.paymentUrl} className="btn-primary w-full py-3 md:hidden">
          {m.donation_open_snapscan()}
        </a>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-gray-200 bg-gray-50 p-4">
        <dt className="text-ink-muted">{m.donation_amount()}</dt>
        <dd className="font-semibold text-ink">{amount}</dd>
        <dt className="text-ink-muted">{m.donation_eft_reference()}</dt>
        <dd className="break-words font-semibold text-ink">{info.referenceNumber}</dd>
      </dl>
      <p role="status" className="text-sm text-ink-muted">
        {m.donation_snapscan_waiting()}
      </p>
    </section>
  );
}
