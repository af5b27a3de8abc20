import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  iveriPaymentOf,
  iveriStatusFamily,
  liteField,
  parseIveriFields,
  queryIveriTransaction,
} from '~/lib/server/payments/iveri';
import { env } from '~/lib/server/platform/env';

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

  // iVeri's published "Transaction Result Codes" table (https://www.iveri.com/zh_CN/knowsystem/gateway-response-codes-1408):
  // every code it lists lands in one family; only 0 (Approved) is ever a success.
  it.each([
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 19, 20, 21, 22, 23, 24, 25, 100, 101, 255,
  ])('published result code %i', (code) => {
    const expected =
      code === 0
        ? 'success'
        : [1, 2, 5, 9].includes(code)
          ? 'tryLater'
          : code === 255
            ? 'formError'
            : 'declined';
    expect(iveriStatusFamily(code)).toBe(expected);
  });
});

// Query Transaction Status as iVeri publishes it (https://www.iveri.co.za/knowsystem/15): the
// request posts Lite_Merchant_ApplicationId and Lite_Merchant_Trace; the Authorisation Information
// answer carries these fields, in this order.
const PUBLISHED_ANSWER_FIELDS: [string, string][] = [
  ['Lite_Merchant_ApplicationId', '{4F2F1B5E-0000-4B5C-9D3A-7A3B2C1D0E9F}'],
  ['Lite_Merchant_Trace', 'LET-QTS-1'],
  ['Ecom_Payment_Card_Number', '4242........4242'],
  ['Ecom_Payment_Card_ExpDate_Month', '12'],
  ['Ecom_Payment_Card_ExpDate_Year', '2030'],
  ['MerchantReference', 'LET-QTS-1'],
  ['Lite_Order_Amount', '12500'],
  ['Lite_Order_BudgetPeriod', '0'],
  ['Lite_Order_Terminal', 'Web'],
  ['Lite_Order_AuthorisationCode', '654321'],
  ['Lite_BankReference', 'BR-1'],
  ['Lite_TransactionDate', '20261128'],
  ['Lite_TransactionIndex', '{6B0E3A3C-0000-4C1D-8E2F-3A4B5C6D7E8F}'],
  ['Lite_Payment_Card_Status', '0'],
  ['Lite_Result_Description', 'Approved'],
];

describe("queryIveriTransaction against iVeri's published Query Transaction Status", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts the application id and trace, and reads the published answer fields', async () => {
    const answer = `<html><body><form>${PUBLISHED_ANSWER_FIELDS.map(
      ([name, value]) => `<input type="hidden" name="${name}" value="${value}" />`,
    ).join('')}</form></body></html>`;
    const fetchMock = vi.fn(async () => new Response(answer, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);

    const record = await queryIveriTransaction('LET-QTS-1');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(env.payments.iveri.queryUrl);
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({
      Lite_Merchant_ApplicationId: env.payments.iveri.applicationId,
      Lite_Merchant_Trace: 'LET-QTS-1',
    });
    expect(record).toEqual({
      trace: 'LET-QTS-1',
      status: '0',
      amountCents: 12500,
      transactionIndex: '{6B0E3A3C-0000-4C1D-8E2F-3A4B5C6D7E8F}',
      authorisationCode: '654321',
      description: 'Approved',
    });
    expect(iveriPaymentOf(record, 'LET-QTS-1')).toMatchObject({ outcome: 'paid', amountCents: 12500 });
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
