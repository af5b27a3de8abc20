import type { ReactElement, ReactNode } from 'react';
import { TitledSection } from '~/islands/shared/TitledSection';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { campaignHref, donationHref, monthlyDonationHref } from '~/lib/campaignDisplay';
import type { DonationReceiptState } from '~/lib/contracts/receipts';
import { DonationStatus, PaymentGateway } from '~/lib/enums';
import { href, m } from '~/lib/i18n';
import { formatMoney } from '~/lib/money';
import type { ThanksDonation } from '~/lib/thanksDonation';
import {
  aroundPart,
  dayText,
  debitOrderNotesText,
  deductionDayText,
  durationText,
  monthlySkipNotesText,
  thanksStatusText,
} from '~/lib/thanksText';
import { ReceiptRequest } from './ReceiptRequest';
import { RefundRequestBox } from './RefundRequestBox';
import { ThanksEftDetails } from './ThanksEftDetails';
import { ThanksShare } from './ThanksShare';
import { type PolledDonation, usePolledDonation } from './usePolledDonation';

interface Props {
  /** The donation token of `?donation=`. */
  token: string;
  /** The donation as the server found it, so the page paints at once. */
  initial: ThanksDonation;
  /** The campaign page's absolute address, for the share links. */
  campaignPageUrl: string;
  /** Whether a Section 18A receipt can be had once the donation is accepted; null for a monthly donation. */
  receipt: DonationReceiptState | null;
}

const TONE_CLASSES = {
  waiting: 'border-amber-300 bg-amber-50 text-amber-900',
  success: 'border-brand/40 bg-brand-light text-brand-dark',
  failure: 'border-red-300 bg-red-50 text-red-900',
  neutral: 'border-gray-300 bg-gray-50 text-ink',
} as const;

/** A failed or cancelled payment took no money: the donor may start again ('Try again'). */
const RETRY_STATUSES: readonly number[] = [DonationStatus.Rejected, DonationStatus.CanceledAtTransaction];

/** No money came: the page thanks nobody and asks nobody to share (issue 23). */
const FAILED: readonly number[] = [
  DonationStatus.Rejected,
  DonationStatus.CanceledAtTransaction,
  DonationStatus.CanceledAtManage,
];

/** The donation form filled again with this donation (the page reads it through the token). */
const retryHref = (campaignUrl: string, token: string): string =>
  href(`${donationHref(campaignUrl)}?cancelled=${encodeURIComponent(token)}`);

function headingOf(status: number): string {
  if (status === DonationStatus.Rejected) return m.thanks_heading_rejected();
  if (status === DonationStatus.CanceledAtTransaction || status === DonationStatus.CanceledAtManage)
    return m.thanks_heading_cancelled();
  return m.thanks_heading_thanks();
}

type Row = [term: string, value: string];

function summaryRows(donation: ThanksDonation): Row[] {
  const money = (amount: number): string => formatMoney(amount, donation.currency);
  const rows: Row[] = [];
  if (donation.monthly) {
    rows.push([m.thanks_row_each_month(), money(donation.amount)]);
    rows.push([m.thanks_row_deduction_day(), deductionDayText(donation.monthly.deductionDay)]);
    if (donation.monthly.nextDeductionDate)
      rows.push([m.thanks_row_next_deduction(), dayText(donation.monthly.nextDeductionDate)]);
    rows.push([m.thanks_row_duration(), durationText(donation.monthly.term)]);
  } else {
    rows.push([m.thanks_row_donation(), money(donation.amount)]);
  }
  if (donation.tipOrAdminFeeAmount > 0)
    rows.push([
      donation.adminFeeCovered ? m.thanks_row_admin_fee() : m.thanks_row_tip(),
      money(donation.tipOrAdminFeeAmount),
    ]);
  const debitOrder = donation.paymentMethod === PaymentGateway.Paysoft;
  rows.push([
    donation.monthly
      ? debitOrder
        ? m.thanks_row_first_debit()
        : m.thanks_row_first_payment()
      : m.thanks_row_total(),
    money(donation.total),
  ]);
  if (donation.referenceNumber) rows.push([m.thanks_row_reference(), donation.referenceNumber]);
  return rows;
}

function Summary({ donation }: { donation: ThanksDonation }): ReactElement {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      {summaryRows(donation).map(([term, value]) => (
        <div key={term}>
          <dt className="text-xs font-semibold text-ink-muted">{term}</dt>
          <dd className="text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled box of the page, named by its heading. */
function ThanksSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}): ReactElement {
  return (
    <TitledSection
      id={id}
      title={title}
      className="space-y-3 rounded-lg border border-gray-200 p-4"
      titleClassName="text-lg font-bold text-ink"
    >
      {children}
    </TitledSection>
  );
}

/** When a monthly donation is deducted, and why a month may pass without a deduction. */
function MonthlyNotes({
  deductionDay,
  debitOrder,
}: {
  deductionDay: number;
  debitOrder: boolean;
}): ReactElement {
  return (
    <ThanksSection id="monthly-notes" title={m.thanks_monthly_notes_title()}>
      {(debitOrder ? debitOrderNotesText(deductionDay) : monthlySkipNotesText(deductionDay)).map((note) => (
        <p key={note} className="text-ink-muted">
          {note}
        </p>
      ))}
    </ThanksSection>
  );
}

/** Section 18A: the request form once the money is in, or why this campaign's donations get no receipt. */
function TaxReceipt({
  token,
  receipt,
}: {
  token: string;
  receipt: DonationReceiptState;
}): ReactElement | null {
  if (!receipt.qualifies) {
    if (!receipt.offered || !receipt.reason) return null;
    return (
      <ThanksSection id="tax-receipt" title={m.thanks_tax_receipt_title()}>
        <p className="text-ink-muted">{receipt.reason}</p>
      </ThanksSection>
    );
  }
  return (
    <ThanksSection id="tax-receipt" title={m.thanks_tax_receipt_get()}>
      {receipt.issued ? null : <p className="text-ink-muted">{m.thanks_tax_receipt_intro()}</p>}
      <ReceiptRequest donationKey={token} signedIn={false} issued={receipt.issued} defaultName="" />
    </ThanksSection>
  );
}

/**
 * No money was taken: said, then the way on as the page's primary button, full width on a phone
 * ('Try again' with the form filled again, or 'Donate again').
 */
function FailureAction({ note, action, to }: { note: string; action: string; to: string }): ReactElement {
  return (
    <div className="space-y-3">
      <p>{note}</p>
      <a href={to} className="btn-primary inline-flex w-full justify-center py-2.5 sm:w-auto sm:px-8">
        {action}
      </a>
    </div>
  );
}

/** 'Try again' with the form filled again after a once-off payment failed; else 'Donate again'. */
function FailureWayOn({ donation, token }: { donation: ThanksDonation; token: string }): ReactElement {
  const { url } = donation.campaign;
  const retry = !donation.monthly && RETRY_STATUSES.includes(donation.status);
  return retry ? (
    <FailureAction
      note={m.thanks_no_money_taken_kept()}
      action={m.thanks_try_again()}
      to={retryHref(url, token)}
    />
  ) : (
    <FailureAction
      note={m.thanks_no_money_taken()}
      action={m.thanks_donate_again()}
      to={href(donationHref(url))}
    />
  );
}

/** The status has not settled yet: when the receipt comes, and a button to look again. */
function StalledNote({
  stalled,
  email,
  checkAgain,
}: {
  stalled: NonNullable<PolledDonation['stalled']>;
  email: string;
  checkAgain: () => void;
}): ReactElement {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p>
        {stalled === 'timeout' ? `${m.thanks_taking_longer()} ` : null}
        {m.thanks_receipt_when_confirmed({ email })}
      </p>
      <button type="button" className="btn-outline bg-white px-3 py-1.5 text-sm" onClick={checkAgain}>
        {m.thanks_check_again()}
      </button>
    </div>
  );
}

/** A monthly donation paid by debit order (Paysoft) is "set up", not "paid". */
const isDebitOrder = (donation: ThanksDonation): boolean =>
  donation.monthly !== null && donation.paymentMethod === PaymentGateway.Paysoft;

/** The donation's status as it settles (announced), the email on its way, the way on after a failure. */
function StatusBox({
  donation,
  token,
  stalled,
  checkAgain,
}: { donation: ThanksDonation; token: string } & Omit<PolledDonation, 'donation'>): ReactElement {
  const status = thanksStatusText(donation.status, donation.paymentMethod);
  const debitOrder = isDebitOrder(donation);
  return (
    <div className={`space-y-2 rounded-lg border p-4 ${TONE_CLASSES[status.tone]}`}>
      <p role="status" aria-live="polite" className="text-lg font-semibold">
        {debitOrder && status.tone === 'success' ? m.thanks_debit_order_set_up() : status.message}
      </p>
      {donation.status === DonationStatus.Accepted ? (
        <p>
          {debitOrder
            ? m.thanks_debit_order_emailed({ email: donation.email })
            : m.thanks_receipt_emailed({ email: donation.email })}
        </p>
      ) : null}
      {FAILED.includes(donation.status) ? <FailureWayOn donation={donation} token={token} /> : null}
      {stalled ? <StalledNote stalled={stalled} email={donation.email} checkAgain={checkAgain} /> : null}
    </div>
  );
}

/** "Your donation to <campaign>" under the heading: the campaign's name is a link wherever the language puts it. */
function ThanksHeader({ donation }: { donation: ThanksDonation }): ReactElement {
  const { campaign } = donation;
  const [toBefore, toAfter] = aroundPart((part) =>
    donation.monthly
      ? m.thanks_your_monthly_donation_to({ campaign: part })
      : m.thanks_your_donation_to({ campaign: part }),
  );
  return (
    <header className="space-y-2">
      <h1 className="text-3xl font-extrabold text-ink">{headingOf(donation.status)}</h1>
      <p className="text-ink-muted">
        {toBefore}
        <a
          href={href(campaignHref(campaign.url))}
          className="font-semibold text-brand-dark hover:underline"
          data-user-content
        >
          {campaign.name}
        </a>
        {toAfter}
      </p>
    </header>
  );
}

/** What to pay into the bank while an EFT donation waits for it; else the donation in rows. */
function DonationDetails({ donation }: { donation: ThanksDonation }): ReactElement {
  const { bankingDetails } = donation;
  const eftPending =
    donation.paymentMethod === PaymentGateway.EFT && donation.status === DonationStatus.Pending;
  if (eftPending && bankingDetails)
    return (
      <ThanksEftDetails
        bankingDetails={bankingDetails}
        referenceNumber={donation.referenceNumber}
        amountText={formatMoney(donation.total, donation.currency)}
      />
    );
  return <Summary donation={donation} />;
}

/** A monthly donation still on: when it is deducted, and the way to change or cancel it. */
function MonthlyPart({
  token,
  deductionDay,
  debitOrder,
}: {
  token: string;
  deductionDay: number;
  debitOrder: boolean;
}): ReactElement {
  return (
    <>
      <MonthlyNotes deductionDay={deductionDay} debitOrder={debitOrder} />
      {/* A monthly donation's token (its /thanks link) also opens the page that changes or cancels it. */}
      <a href={href(monthlyDonationHref(token))} className="btn-outline">
        {m.thanks_change_or_cancel_monthly()}
      </a>
    </>
  );
}

/** A once-off donation accepted: the tax receipt (when the page knows about one), and a refund request. */
function AcceptedOnceOff({
  token,
  receipt,
}: {
  token: string;
  receipt: DonationReceiptState | null;
}): ReactElement {
  return (
    <>
      {receipt ? <TaxReceipt token={token} receipt={receipt} /> : null}
      <RefundRequestBox donationKey={token} signedIn={false} />
    </>
  );
}

/** The campaign's own words of thanks, when it has any. */
function ThankYouMessage({ campaign }: { campaign: ThanksDonation['campaign'] }): ReactElement | null {
  if (!campaign.thankYouMessage) return null;
  return (
    <figure className="rounded-lg bg-gray-50 p-4" data-user-content>
      <blockquote className="whitespace-pre-line text-ink">{campaign.thankYouMessage}</blockquote>
      <figcaption className="mt-2 text-sm text-ink-muted">— {campaign.name}</figcaption>
    </figure>
  );
}

function Thanks({ token, initial, campaignPageUrl, receipt }: Props): ReactElement {
  const { donation, stalled, checkAgain } = usePolledDonation(token, initial);
  const { campaign, monthly } = donation;
  const failed = FAILED.includes(donation.status);
  const accepted = donation.status === DonationStatus.Accepted;

  return (
    <div className="space-y-8">
      <ThanksHeader donation={donation} />
      <StatusBox donation={donation} token={token} stalled={stalled} checkAgain={checkAgain} />
      <DonationDetails donation={donation} />
      {monthly && !failed ? (
        <MonthlyPart token={token} deductionDay={monthly.deductionDay} debitOrder={isDebitOrder(donation)} />
      ) : null}
      {!monthly && accepted ? <AcceptedOnceOff token={token} receipt={receipt} /> : null}
      {/* No money came: no thanks, and no share prompt; "I just gave to …" only once the gift went through. */}
      {failed ? null : (
        <>
          <ThankYouMessage campaign={campaign} />
          <ThanksShare pageUrl={campaignPageUrl} campaignName={campaign.name} hasGiven={accepted} />
        </>
      )}
    </div>
  );
}

/** /thanks: the donation's status as it settles, EFT details, the campaign's thank-you message and share links. */
export default function ThanksStatus(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <Thanks {...props} />
    </IslandErrorBoundary>
  );
}
