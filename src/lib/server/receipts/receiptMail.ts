import { formatSastDateTime } from '~/lib/dates';
import { receiptAmountText, receiptFileName, receiptNumberText, receiptPdfPath } from '~/lib/receipts';
import { signDonationToken } from '~/lib/server/donations/tokens';
import { env } from '~/lib/server/platform/env';
import { sendMail } from '~/lib/server/platform/mail';
import { renderEmail } from '~/lib/server/platform/mailLayout';
import type { DonationRow } from './donorAccess';
import { renderReceiptPdf } from './receiptPdf';
import { findReceiptRecord, type ReceiptRow } from './receiptRecords';

/**
 * Mails a receipt just issued to the donation's email, the PDF attached and a download link in
 * the body (a donation token signed now, so the link lasts its usual days from this mail).
 * Mailed once, by the request that issued the receipt: asking again answers the same receipt and
 * mails nothing, so a request cannot be repeated to flood an inbox. The per-recipient cap stays
 * on (the default) all the same: the request needs only the donation's link, not a payment of
 * its own, and a mail the cap drops loses nothing, since the PDF stays downloadable from /thanks
 * and My Donations. False when the mail was not sent (capped, or the mail server failed: the
 * receipt stands either way and the answer says so).
 */
export async function mailReceipt(receipt: ReceiptRow, donation: DonationRow): Promise<boolean> {
  try {
    const record = await findReceiptRecord(receipt.donationId);
    if (!record) return false;
    const number = receiptNumberText(receipt.number);
    const link = `${env.publicUrl}${receiptPdfPath(signDonationToken(donation.id, new Date()))}`;
    const amount = receiptAmountText(receipt.amount, receipt.currencyId);
    const content = renderEmail({
      preview: `Section 18A receipt No. ${number} from ${receipt.organisationName}`,
      firstName: donation.firstName,
      intro: [
        `Here is your Section 18A tax receipt from ${receipt.organisationName} for your donation to ` +
          `"${record.campaignName}". The PDF is attached to this mail.`,
        'Keep it with your tax records: SARS accepts it as proof of a donation to an approved public benefit organisation.',
      ],
      details: [
        { label: 'Receipt number', value: number },
        { label: 'Amount', value: amount },
        {
          label: 'Date of the donation',
          value: formatSastDateTime(receipt.donatedAt, { dateStyle: 'long' }),
        },
        { label: 'Issued to', value: receipt.donorName },
        { label: 'PBO reference number', value: receipt.pboNumber },
      ],
      action: { label: 'Download your receipt', link },
      outro: [
        'The download link works for 30 days; the attached PDF is yours to keep. If you gave while signed in, My Donations has the receipt too.',
      ],
    });
    return await sendMail({
      to: receipt.donorEmail,
      subject: `Your Section 18A receipt No. ${number} from ${receipt.organisationName}`,
      ...content,
      attachments: [
        {
          filename: receiptFileName(receipt.number),
          contentType: 'application/pdf',
          content: Buffer.from(await renderReceiptPdf(record)),
        },
      ],
    });
  } catch (error) {
    // sendMail logged a mail failure; the receipt is issued and can be downloaded.
    console.error(`[receipts] Receipt ${receipt.id} was issued but not mailed:`, error);
    return false;
  }
}
