import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { formatSastDateTime } from '~/lib/dates';
import { receiptAmountText, receiptNumberText } from '~/lib/receipts';
import { pdfText, wrapText } from '~/lib/server/platform/pdf';
import { amountInWords } from './amountInWords';
import { type ReceiptRecord, taxNumberLabel } from './receiptRecords';

/**
 * The receipt as a PDF (A4, the standard fonts), with what section 18A(2) of the Income Tax Act
 * asks a receipt to show: the organisation's name, address and PBO reference number, the receipt
 * number, the date of the donation, the donor's name, address and ID or tax number, the amount
 * in words and figures, and the statement that the donation is used exclusively for the
 * organisation's approved public benefit activities. Drawn from the copy made at issue, so the
 * same receipt comes out every time. The number and PBO number are also in the document's
 * metadata, where a program (and a test) can read them.
 */

export const RECEIPT_STATEMENT =
  'This donation will be used exclusively for the object of the public benefit organisation in ' +
  'carrying on the public benefit activities approved under Section 18A of the Income Tax Act (58 of 1962).';

export const ISSUED_UNDER =
  'Tax certificate issued in terms of section 18A of the Income Tax Act (58 of 1962) for a donation ' +
  'to an approved public benefit organisation.';

export const MARGIN = 56;
export const INK = rgb(0.12, 0.16, 0.2);
export const MUTED = rgb(0.32, 0.38, 0.43);
export const BRAND = rgb(0.04, 0.43, 0.31);
export const RULE = rgb(0.85, 0.87, 0.89);
const CANCELLED_RED = rgb(0.7, 0.1, 0.1);

export const longDate = (date: Date): string => formatSastDateTime(date, { dateStyle: 'long' });

/** Draws top-down: each call moves the pen below what it drew. */
export class Pen {
  y: number;
  readonly width: number;

  constructor(
    readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.y = page.getHeight() - MARGIN;
    this.width = page.getWidth() - 2 * MARGIN;
  }

  /** Free text wrapped to the page width (or `width`), at `x` from the margin. */
  text(
    text: string,
    options: {
      size?: number;
      bold?: boolean;
      color?: ReturnType<typeof rgb>;
      x?: number;
      width?: number | undefined;
    } = {},
  ): void {
    const size = options.size ?? 10.5;
    const font = options.bold ? this.bold : this.regular;
    const x = MARGIN + (options.x ?? 0);
    for (const paragraph of text.split('\n')) {
      for (const line of wrapText(
        font,
        pdfText(font, paragraph),
        size,
        options.width ?? this.width - (options.x ?? 0),
      )) {
        this.y -= size * 1.35;
        this.page.drawText(line, { x, y: this.y, size, font, color: options.color ?? INK });
      }
    }
  }

  /** A label over its value, as the receipt's fields read. */
  field(label: string, value: string, x = 0, width?: number): void {
    this.text(label, { size: 8.5, color: MUTED, x, width });
    this.text(value, { x, width });
  }

  gap(points: number): void {
    this.y -= points;
  }

  rule(): void {
    this.gap(10);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + this.width, y: this.y },
      thickness: 0.75,
      color: RULE,
    });
    this.gap(8);
  }

  /** Two fields side by side; the pen ends below the longer one. */
  columns(left: [string, string], right: [string, string]): void {
    const top = this.y;
    const half = this.width / 2 - 8;
    this.field(left[0], left[1], 0, half);
    const leftEnd = this.y;
    this.y = top;
    this.field(right[0], right[1], this.width / 2, half);
    this.y = Math.min(this.y, leftEnd);
  }
}

/** The receipt's PDF bytes. */
export async function renderReceiptPdf(receipt: ReceiptRecord): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const number = receiptNumberText(receipt.number);
  const figures = receiptAmountText(receipt.amount, receipt.currencyId);

  doc.setTitle(`Section 18A receipt No. ${number}${receipt.cancelledAt ? ' (CANCELLED)' : ''}`);
  doc.setSubject(pdfText(regular, `${receipt.organisationName}, PBO reference number ${receipt.pboNumber}`));
  doc.setKeywords([`receipt ${number}`, `PBO ${receipt.pboNumber}`, 'section 18A', figures]);
  doc.setAuthor(pdfText(regular, receipt.organisationName));
  doc.setCreator('Letsema');
  doc.setProducer('Letsema');
  doc.setCreationDate(receipt.issuedAt);
  doc.setModificationDate(receipt.issuedAt);

  const pen = new Pen(doc.addPage(PageSizes.A4), regular, bold);
  const titleTop = pen.y;
  pen.text('Section 18A receipt', { size: 22, bold: true, color: BRAND });
  const numberLabel = `No. ${number}`;
  pen.page.drawText(numberLabel, {
    x: MARGIN + pen.width - bold.widthOfTextAtSize(numberLabel, 16),
    y: titleTop - 22 * 1.35,
    size: 16,
    font: bold,
    color: INK,
  });
  pen.gap(4);
  pen.text(ISSUED_UNDER, { size: 9.5, color: MUTED });
  if (receipt.cancelledAt) {
    pen.gap(8);
    pen.text('CANCELLED', { size: 28, bold: true, color: CANCELLED_RED });
    pen.text(
      `Cancelled on ${longDate(receipt.cancelledAt)} because the donation was refunded: ${receipt.cancelReason ?? 'refund'}.` +
        (receipt.replacedByNumber
          ? ` Replaced by receipt No. ${receiptNumberText(receipt.replacedByNumber)} for the amount that remains.`
          : ' Do not use this receipt for a tax return.'),
      { size: 10, color: CANCELLED_RED },
    );
  } else if (receipt.replacesNumber) {
    pen.gap(4);
    pen.text(
      `Replaces receipt No. ${receiptNumberText(receipt.replacesNumber)}, cancelled after part of the donation was refunded.`,
      { size: 10, bold: true },
    );
  }
  pen.rule();

  pen.text('Issued by', { size: 8.5, color: MUTED });
  pen.text(receipt.organisationName, { size: 13, bold: true });
  if (receipt.organisationAddress) pen.text(receipt.organisationAddress);
  pen.gap(4);
  pen.text(`PBO reference number: ${receipt.pboNumber}`, { bold: true });
  pen.rule();

  pen.columns(['Receipt number', number], ['Date issued', longDate(receipt.issuedAt)]);
  pen.gap(6);
  pen.columns(
    ['Date of the donation', longDate(receipt.donatedAt)],
    ['Donation reference', receipt.donationReference],
  );
  pen.rule();

  pen.text('Received from', { size: 8.5, color: MUTED });
  pen.text(receipt.donorName, { size: 13, bold: true });
  pen.text(`${taxNumberLabel(receipt.donorTaxNumber)}: ${receipt.donorTaxNumber}`);
  pen.text(receipt.donorAddress);
  pen.rule();

  pen.text('Amount of the donation', { size: 8.5, color: MUTED });
  pen.text(figures, { size: 20, bold: true });
  pen.text(amountInWords(receipt.amount, receipt.currencyId), { size: 11 });
  pen.gap(2);
  pen.text('A donation in money.', { size: 9.5, color: MUTED });
  pen.rule();

  pen.text(RECEIPT_STATEMENT, { size: 11, bold: true });
  pen.gap(14);
  pen.text(
    `Issued on behalf of ${receipt.organisationName} through Letsema, which received the donation for ` +
      `the campaign "${receipt.campaignName}". Keep this receipt for your tax return.`,
    { size: 9, color: MUTED },
  );
  return doc.save();
}
