import { type ReactElement, useEffect } from 'react';
import { TitledSection } from '~/islands/shared/TitledSection';
import type { TransactionInfo } from '~/lib/api/donations';
import { getDonationByToken } from '~/lib/api/myDonations';
import { thanksHref } from '~/lib/campaignDisplay';
import { awaitsGateway } from '~/lib/donationDisplay';
import { href, m } from '~/lib/i18n';
import { formatMoney } from '~/lib/money';
import { INSTRUCTIONS, PaymentFacts } from './PaymentInstructions';
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
    <TitledSection id="snapscan" title={m.donation_snapscan_title()} {...INSTRUCTIONS}>
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
      <PaymentFacts
        id="snapscan"
        facts={[
          ['amount', m.donation_amount(), amount],
          ['reference', m.donation_eft_reference(), info.referenceNumber],
        ]}
      />
      <p role="status" className="text-sm text-ink-muted">
        {m.donation_snapscan_waiting()}
      </p>
    </TitledSection>
  );
}
