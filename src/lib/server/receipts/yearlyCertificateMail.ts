import { Currency } from '~/lib/enums';
import { receiptAmountText, receiptNumberText } from '~/lib/receipts';
import { getDb } from '~/lib/server/db';
import { sendMail } from '~/lib/server/mail/send';
import { env } from '~/lib/server/platform/env';
import { log } from '~/lib/server/platform/log';
import { renderEmail } from '~/lib/server/platform/mailLayout';
import { PROFILE_TAB, profileTabHref } from '~/lib/siteLinks';
import { taxYearLabel } from '~/lib/taxYear';
import { renderYearlyCertificatePdf } from './yearlyCertificatePdf';
import { loadCertificate, markCertificateMailed } from './yearlyCertificates';

/** The certificate's file name. */
export const yearlyCertificateFileName = (taxYear: number, number: number): string =>
  `section-18a-certificate-${taxYear}-${receiptNumberText(number)}.pdf`;

/**
 * Mails a certificate just issued to its donor, the PDF attached; My Donations has it too. False
 * when it was not queued: the certificate stands and stays downloadable. Queued after the
 * certificates are issued, not in their transaction: rendering each PDF there would hold the
 * organisation's numbering for all of them. The mail and the certificate's `mailed_at` commit together.
 */
export async function mailYearlyCertificate(
  certificateId: string,
  replacesNumber?: number,
): Promise<boolean> {
  try {
    const record = await loadCertificate(certificateId);
    if (!record) return false;
    const number = receiptNumberText(record.number);
    const amount = receiptAmountText(Number(record.amount), Currency.Rand);
    const content = renderEmail({
      preview: `Your ${record.tax_year} Section 18A certificate from ${record.organisation_name}`,
      firstName: record.donor_name.split(' ')[0] ?? '',
      intro: [
        `Here is your Section 18A tax certificate from ${record.organisation_name} for the tax year ${taxYearLabel(record.tax_year)}: one certificate for all your donations to it that year. The PDF is attached.`,
        'Keep it with your tax records: SARS accepts it as proof of your donations to an approved public benefit organisation.',
        ...(replacesNumber === undefined
          ? []
          : [
              `It replaces certificate No. ${receiptNumberText(replacesNumber)}, cancelled because a donation it covered was refunded. Please use this one instead.`,
            ]),
      ],
      details: [
        { label: 'Certificate number', value: number },
        { label: 'Total', value: amount },
        { label: 'Donations listed', value: String(record.items.length) },
        { label: 'PBO reference number', value: record.pbo_number },
      ],
      action: {
        label: 'See it in My Donations',
        link: `${env.publicUrl}${profileTabHref(PROFILE_TAB.donations)}`,
      },
      outro: [
        'A donation that already had its own receipt is listed on the certificate but not counted twice.',
      ],
    });
    const pdf = Buffer.from(await renderYearlyCertificatePdf(record));
    const db = await getDb();
    return await db.transaction(async (tx) => {
      const queued = await sendMail(
        {
          to: record.donor_email,
          subject: `Your ${record.tax_year} Section 18A certificate No. ${number} from ${record.organisation_name}`,
          ...content,
          attachments: [
            {
              filename: yearlyCertificateFileName(record.tax_year, record.number),
              contentType: 'application/pdf',
              content: pdf,
            },
          ],
        },
        { tx },
      );
      if (queued) await markCertificateMailed(certificateId, tx);
      return queued;
    });
  } catch (error) {
    log.error({ area: 'receipts', certificateId, err: error }, 'Yearly certificate issued but not mailed');
    return false;
  }
}
