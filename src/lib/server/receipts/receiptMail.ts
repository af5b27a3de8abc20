import { m } from '~/lib/i18n';
import { receiptAmountText, receiptFileName, receiptNumberText, receiptPdfPath } from '~/lib/receipts';
import { mailDateTime } from '~/lib/server/donations/mailWords';
import { signDonationToken } from '~/lib/server/donations/tokens';
import { withLocale } from '~/lib/server/i18n/locale';
import { sendMail } from '~/lib/server/mail/send';
import { env } from '~/lib/server/platform/env';
import { log } from '~/lib/server/platform/log';
import { renderEmail } from '~/lib/server/platform/mailLayout';
import type { DonationRow } from './donorAccess';
import { renderReceiptPdf } from './receiptPdf';
import { findReceiptRecord, type ReceiptRow } from './receiptRecords';

/**
 * Mails a receipt just issued to the donation's email, the PDF attached and a download link in
 * the body (a donation token signed now, so the link lasts its usual days from this mail).
 * Queued right after the receipt's transaction, not in it: rendering the PDF there would hold the
 * organisation's gapless numbering (and every other receipt of it) while it draws.
 * Mailed once, by the request that issued the receipt: asking again answers the same receipt and
 * mails nothing, so a request cannot be repeated to flood an inbox. The per-recipient cap stays
 * on (the default) all the same: the request needs only the donation's link, not a payment of
 * its own, and a mail the cap drops loses nothing, since the PDF stays downloadable from /thanks
 * and My Donations. False when the mail was not queued (capped, or the PDF or the database failed:
 * the receipt stands either way and the answer says so).
 *
 * The mail speaks the language the donor gave in (`donations.locale`, issue 27); the PDF it
 * carries is the receipt as SARS reads it, in English.
 */
export async function mailReceipt(receipt: ReceiptRow, donation: DonationRow): Promise<boolean> {
  try {
    const record = await findReceiptRecord(receipt.donationId);
    if (!record) return false;
    const number = receiptNumberText(receipt.number);
    const link = `${env.publicUrl}${receiptPdfPath(signDonationToken(donation.id, new Date()))}`;
    const amount = receiptAmountText(receipt.amount, receipt.currencyId);
    const organisation = receipt.organisationName;
    const { subject, content } = withLocale(donation.locale, () => ({
      subject: m.mail_receipt18a_subject({ number, organisation }),
      content: renderEmail({
        localized: true,
        preview: m.mail_receipt18a_preview({ number, organisation }),
        firstName: donation.firstName,
        intro: [
          m.mail_receipt18a_intro({ organisation, campaign: record.campaignName }),
          m.mail_receipt18a_keep(),
        ],
        details: [
          { label: m.mail_label_receipt_number(), value: number },
          { label: m.mail_label_amount(), value: amount },
          {
            label: m.mail_label_donation_date(),
            value: mailDateTime(receipt.donatedAt, { dateStyle: 'long' }),
          },
          { label: m.mail_label_issued_to(), value: receipt.donorName },
          { label: m.mail_label_pbo_number(), value: receipt.pboNumber },
        ],
        // The PDF's address is the API's, the same in every language.
        action: { label: m.mail_action_download_receipt(), link },
        outro: [m.mail_receipt18a_outro()],
      }),
    }));
    return await sendMail({
      to: receipt.donorEmail,
      subject,
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
    // The receipt is issued and can be downloaded.
    log.error({ area: 'receipts', receiptId: receipt.id, err: error }, 'Receipt issued but not mailed');
    return false;
  }
}
