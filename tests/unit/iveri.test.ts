import { describe, expect, it } from 'vitest';
import { iveriPaymentOf, iveriStatusFamily, liteField, parseIveriFields } from '~/lib/server/payments/iveri';

// iVeri Lite's return URLs by Lite_Payment_Card_Status (Lite Developer's guide, "Parameters"):
// 0 success; 1, 2, 5, 9 try later; 255 error in the form; anything else fail.
describe('iveriStatusFamily', () => {
  it.each([
    ['0', 'success'],
    ['1', 'tryLater'],
    ['2', 'tryLater'],
    ['5', 'tryLater'],
    ['9', 'tryLater'],
    ['255', 'formError'],
    ['3', 'declined'],
    ['4', 'declined'],
    ['14', 'declined'],
    ['', 'declined'],
    ['0x', 'declined'],
  ])('status %s is %s', (status, family) => {
    expect(iveriStatusFamily(status)).toBe(family);
  });
});

describe("reading iVeri's answer page", () => {
  it('takes the named hidden inputs, entities decoded, names matched case-blind', () => {
    const fields = parseIveriFields(`<html><body><form>
      <input type="hidden" name="LITE_MERCHANT_TRACE" value="D-1">
      <input name="Lite_Payment_Card_Status" type="hidden" value="0">
      <input type="hidden" name="Lite_Result_Description" value="Approved &amp; settled">
      <input type="submit" value="Go">
    </form></body></html>`);
    expect(liteField(fields, 'Lite_Merchant_Trace')).toBe('D-1');
    expect(liteField(fields, 'lite_payment_card_status')).toBe('0');
    expect(liteField(fields, 'Lite_Result_Description')).toBe('Approved & settled');
  });

  const record = {
    trace: 'D-1',
    status: '0',
    amountCents: 5000,
    transactionIndex: '{ABC}',
    authorisationCode: '123456',
    description: 'Approved',
  };

  it('books status 0 as paid and a decline as failed, only for the trace asked about', () => {
    expect(iveriPaymentOf(record, 'D-1')).toMatchObject({
      outcome: 'paid',
      amountCents: 5000,
      gatewayPaymentId: '{ABC}',
    });
    expect(iveriPaymentOf({ ...record, status: '4' }, 'D-1')?.outcome).toBe('failed');
    expect(iveriPaymentOf(record, 'D-2')).toBeNull();
  });

  it('books nothing to try later, for a form error, or without a transaction index or amount', () => {
    expect(iveriPaymentOf({ ...record, status: '9' }, 'D-1')).toBeNull();
    expect(iveriPaymentOf({ ...record, status: '255' }, 'D-1')).toBeNull();
    expect(iveriPaymentOf({ ...record, transactionIndex: '' }, 'D-1')).toBeNull();
    expect(iveriPaymentOf({ ...record, amountCents: null }, 'D-1')).toBeNull();
    expect(iveriPaymentOf(null, 'D-1')).toBeNull();
  });
});
