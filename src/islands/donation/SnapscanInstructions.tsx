import { type ReactElement, useEffect, useRef } from 'react';
import type { TransactionInfo } from '~/lib/api/donations';
import { getDonationByToken } from '~/lib/api/myDonations';
import { thanksHref } from '~/lib/campaignDisplay';
import { awaitsGateway } from '~/lib/donationDisplay';
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
          window.location.assign(thanksHref(token));
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
        Pay with SnapScan
      </h2>
      <p className="hidden md:block">
        Scan this code with the SnapScan app on your phone to pay {amount}. The amount and reference are
        filled in for you.
      </p>
      <p className="md:hidden">
        Open the SnapScan app to pay {amount}. The amount and reference are filled in for you.
      </p>
      {info.paymentQr ? (
        <img
          src={info.paymentQr}
          alt={`SnapScan code to pay ${amount}`}
          width={240}
          height={240}
          className="mx-auto hidden md:block"
        />
      ) : null}
      {info.paymentUrl ? (
        <a href={info.paymentUrl} className="btn-primary w-full py-3 md:hidden">
          Open SnapScan to pay
        </a>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-gray-200 bg-gray-50 p-4">
        <dt className="text-ink-muted">Amount</dt>
        <dd className="font-semibold text-ink">{amount}</dd>
        <dt className="text-ink-muted">Reference</dt>
        <dd className="break-words font-semibold text-ink">{info.referenceNumber}</dd>
      </dl>
      <p role="status" className="text-sm text-ink-muted">
        Waiting for your payment… this page moves on by itself once SnapScan confirms it.
      </p>
    </section>
  );
}
