import { and, eq, isNull } from 'drizzle-orm';
import { thanksHref } from '~/lib/campaignDisplay';
import { formatSastDateTime } from '~/lib/dates';
import { receiptAmountText, receiptNumberText } from '~/lib/receipts';
import { getDb } from '~/lib/server/db';
import { donationReceipts, donations } from '~/lib/server/db/schema';
import type { Tx } from '~/lib/server/db/types';
import { signDonationToken } from '~/lib/server/donations/tokens';
import { sendMail } from '~/lib/server/mail/send';
import { env } from '~/lib/server/platform/env';
import { log } from '~/lib/server/platform/log';
import { renderEmail } from '~/lib/server/platform/mailLayout';
import { lockDonation, remainderOf } from '~/lib/server/refunds/ledger';
import { nextReceiptNumber } from './issueReceipt';
import { mailReceipt } from './receiptMail';
import type { ReceiptRow } from './receiptRecords';
import { mailYearlyCertificate } from './yearlyCertificateMail';
import { type CertificateChange, reissueCertificatesAfterRefund } from './yearlyCertificates';

/**
 * A Section 18A receipt after a refund (docs/api/receipts.md "Refunds"): the receipt in force is
 * cancelled (its number stays used; the PDF prints CANCELLED), and when part of the gift remains a
 * replacement for the remainder is issued with the organisation's next number. A reversal (a dispute
 * won) cancels the receipt in force and issues one for the larger remainder the same way.
 */

export interface ReceiptChange {
  /** The single receipt cancelled; null when the donation had none in force, or it still shows the remainder. */
  cancelled: ReceiptRow | null;
  replacement: ReceiptRow | null;
  /** Yearly certificates listing the donation, cancelled and issued again (yearlyCertificates.ts). */
  certificates: CertificateChange[];
}

/**
 * Called by the refund ledger's callers in the transaction where a refund, chargeback or reversal of
 * `donationId` takes effect. Returns what changed (mail it with `mailReceiptChange` after the commit:
 * rendering the replacement's PDF in the transaction would hold the donation and the organisation's
 * numbering while it draws), or null when the donation has no receipt or its receipt already shows
 * the remainder.
 */
export async function reissueReceiptAfterRefund(
  tx: Tx,
  donationId: string,
  reason: string,
): Promise<ReceiptChange | null> {
  const single = await reissueSingleReceipt(tx, donationId, reason);
  // After the single receipt: a certificate lists the receipt now in force.
  const certificates = await reissueCertificatesAfterRefund(tx, donationId, reason);
  if (!single && certificates.length === 0) return null;
  return { cancelled: single?.cancelled ?? null, replacement: single?.replacement ?? null, certificates };
}

async function reissueSingleReceipt(
  tx: Tx,
  donationId: string,
  reason: string,
): Promise<{ cancelled: ReceiptRow; replacement: ReceiptRow | null } | null> {
  const donation = await lockDonation(tx, donationId);
  const [current] = await tx
    .select()
    .from(donationReceipts)
    .where(and(eq(donationReceipts.donationId, donationId), isNull(donationReceipts.cancelledAt)))
    .for('update');
  if (!current) return null;
  const left = await remainderOf(tx, donation);
  if (left.amount === current.amount) return null;
  const [cancelled] = await tx
    .update(donationReceipts)
    .set({ cancelledAt: new Date(), cancelReason: reason })
    .where(eq(donationReceipts.id, current.id))
    .returning();
  if (!cancelled) throw new Error('The receipt was not cancelled.');
  if (left.amount <= 0) return { cancelled, replacement: null };
  const {
    id: _id,
    issuedAt: _issuedAt,
    cancelledAt: _c,
    cancelReason: _r,
    replacesReceiptId: _p,
    ...copied
  } = current;
  const [replacement] = await tx
    .insert(donationReceipts)
    .values({
      ...copied,
      number: await nextReceiptNumber(tx, current.organisationId),
      amount: left.amount,
      replacesReceiptId: current.id,
    })
    .returning();
  return { cancelled, replacement: replacement ?? null };
}

/** Mails the donor the replacement receipt or certificate, or word that their receipt is cancelled; never throws. */
export async function mailReceiptChange(change: ReceiptChange | null): Promise<void> {
  if (!change) return;
  for (const certificate of change.certificates) {
    if (certificate.replacementId)
      await mailYearlyCertificate(certificate.replacementId, certificate.cancelledNumber);
  }
  if (!change.cancelled) return;
  const cancelled = change.cancelled;
  try {
    const db = await getDb();
    const [donation] = await db.select().from(donations).where(eq(donations.id, cancelled.donationId));
    if (!donation) return;
    if (change.replacement) {
      await mailReceipt(change.replacement, donation);
      return;
    }
    const number = receiptNumberText(cancelled.number);
    await sendMail({
      to: cancelled.donorEmail,
      subject: `Your Section 18A receipt No. ${number} is cancelled`,
      ...renderEmail({
        preview: `Receipt No. ${number} from ${cancelled.organisationName} is cancelled.`,
        firstName: donation.firstName,
        intro: [
          `Your donation was refunded, so ${cancelled.organisationName} cancelled its Section 18A receipt No. ${number}.`,
          'Please do not use it for your tax return. Its number stays used, and the receipt reads CANCELLED if you download it again.',
        ],
        details: [
          { label: 'Receipt number', value: number },
          { label: 'Amount', value: receiptAmountText(cancelled.amount, cancelled.currencyId) },
          {
            label: 'Cancelled',
            value: formatSastDateTime(cancelled.cancelledAt ?? new Date(), { dateStyle: 'long' }),
          },
        ],
        action: {
          label: 'Your donation',
          link: `${env.publicUrl}${thanksHref(signDonationToken(donation.id, new Date()))}`,
        },
        outro: [],
      }),
    });
  } catch (error) {
    log.error({ area: 'receipts', receiptId: cancelled.id, err: error }, 'Receipt change not mailed');
  }
}
