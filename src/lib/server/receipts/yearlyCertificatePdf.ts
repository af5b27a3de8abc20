import { PageSizes, PDFDocument, StandardFonts } from 'pdf-lib';
import { Currency } from '~/lib/enums';
import { receiptAmountText, receiptNumberText } from '~/lib/receipts';
import { taxYearLabel } from '~/lib/taxYear';
import { amountInWords } from './amountInWords';
import { BRAND, ISSUED_UNDER, longDate, MARGIN, MUTED, Pen, RECEIPT_STATEMENT } from './receiptPdf';
import { taxNumberLabel } from './receiptRecords';
import type { CertificateRecord } from './yearlyCertificates';

/**
 * A yearly Section 18A certificate as a PDF: what section 18A(2) asks of a receipt (as
 * receiptPdf.ts), for the total of a tax year's gifts, with each gift listed; a gift with its own
 * receipt is listed with that receipt's number and is not in the total.
 */
export async function renderYearlyCertificatePdf(record: CertificateRecord): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const number = receiptNumberText(record.number);
  const total = Number(record.amount);
  doc.setTitle(`Section 18A certificate No. ${number}, tax year ${record.tax_year}`);
  doc.setKeywords([
    `receipt ${number}`,
    `PBO ${record.pbo_number}`,
    'section 18A',
    `tax year ${record.tax_year}`,
  ]);
  doc.setCreator('Letsema');
  doc.setProducer('Letsema');
  const issuedAt = new Date(record.issued_at);
  doc.setCreationDate(issuedAt);

  let pen = new Pen(doc.addPage(PageSizes.A4), regular, bold);
  pen.text('Section 18A certificate', { size: 22, bold: true, color: BRAND });
  pen.text(`No. ${number} · tax year ${taxYearLabel(record.tax_year)}`, { size: 13, bold: true });
  pen.gap(4);
  pen.text(ISSUED_UNDER, { size: 9.5, color: MUTED });
  pen.rule();
  pen.text('Issued by', { size: 8.5, color: MUTED });
  pen.text(record.organisation_name, { size: 13, bold: true });
  if (record.organisation_address) pen.text(record.organisation_address);
  pen.text(`PBO reference number: ${record.pbo_number}`, { bold: true });
  pen.rule();
  pen.columns(['Certificate number', number], ['Date issued', longDate(issuedAt)]);
  pen.rule();
  pen.text('Received from', { size: 8.5, color: MUTED });
  pen.text(record.donor_name, { size: 13, bold: true });
  pen.text(
    record.donor_tax_number
      ? `${taxNumberLabel(record.donor_tax_number)}: ${record.donor_tax_number}`
      : 'ID or tax number: not given. Ask the organisation for a replacement that shows it if SARS needs it.',
  );
  if (record.donor_address) pen.text(record.donor_address);
  pen.rule();
  pen.text(`Donations in the tax year ${taxYearLabel(record.tax_year)}`, { size: 8.5, color: MUTED });
  for (const item of record.items) {
    if (pen.y < MARGIN + 120) pen = new Pen(doc.addPage(PageSizes.A4), regular, bold);
    const when = longDate(new Date(item.donatedAt));
    const what =
      item.singleReceiptNumber === null
        ? receiptAmountText(Number(item.amount), Currency.Rand)
        : `receipted separately on No. ${receiptNumberText(item.singleReceiptNumber)}, not counted here`;
    pen.text(`${when} · ${item.campaignName} · ${item.reference}: ${what}`, { size: 10 });
  }
  pen.rule();
  pen.text('Total of the donations this certificate covers', { size: 8.5, color: MUTED });
  pen.text(receiptAmountText(total, Currency.Rand), { size: 20, bold: true });
  pen.text(amountInWords(total, Currency.Rand), { size: 11 });
  pen.text('Donations in money. Tips to the platform are not included; refunds are taken away.', {
    size: 9.5,
    color: MUTED,
  });
  pen.rule();
  pen.text(RECEIPT_STATEMENT, { size: 11, bold: true });
  return doc.save();
}
