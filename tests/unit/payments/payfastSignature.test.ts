import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  orderPayfastFields,
  PAYFAST_CHECKOUT_FIELD_ORDER,
  type PayfastCheckoutRecord,
  payfastApiSignature,
  payfastEncode,
  payfastItnParamString,
  payfastItnSignature,
  payfastSignature,
  verifyPayfastApiSignature,
  verifyPayfastItnSignature,
  verifyPayfastSignature,
} from '~/lib/server/payments/payfastSignature';

// PayFast's developer pages publish no worked example (fields → signature); PayFast's own PHP
// SDK (github.com/Payfast/payfast-php-sdk, tests/unit/AuthTest.php) does, and is checked below.
// The other expected values are MD5s of strings written out by hand, following PayFast's
// documented rules: documented field order, empty values left out, values urlencoded as PHP
// does (space `+`, upper-case hex), `&passphrase=` last.
const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

describe("PayFast's published example (payfast-php-sdk AuthTest::testGenerateSignatureOrdering)", () => {
  // The SDK shuffles these keys and still expects this signature: the documented order decides.
  // custom_str1/2 are base64 of 'Some Test String' / 'Another Test String' without padding.
  const data: PayfastCheckoutRecord = {
    merchant_id: '10028084',
    merchant_key: '4hjoenwbwnuso',
    subscription_type: '1',
    m_payment_id: '5',
    amount: '5.00',
    recurring_amount: '5',
    billing_date: '2023-01-01',
    frequency: '3',
    cycles: '0',
    custom_str1: 'U29tZSBUZXN0IFN0cmluZw',
    custom_int1: '1',
    custom_int2: '1',
    custom_str2: 'QW5vdGhlciBUZXN0IFN0cmluZw',
    item_name: 'Test',
    name_last: 'Test',
    name_first: 'Test',
    email_address: 'test@test.com',
    confirmation_address: 'test@test.test',
    email_confirmation: '1',
    return_url: 'https://test.com/billing/success',
    cancel_url: 'https://test.com/billing/cancel',
    notify_url: 'https://test.com/payfast/webhook',
  };

  it('gives 3441682c5d8a65486f5b7cc8ce41d146 with passphrase payfastsandbox', () => {
    expect(payfastSignature(orderPayfastFields(data), 'payfastsandbox')).toBe(
      '3441682c5d8a65486f5b7cc8ce41d146',
    );
  });

  it('checks it with verifyPayfastSignature', () => {
    const fields = orderPayfastFields(data);
    expect(verifyPayfastSignature(fields, '3441682C5D8A65486F5B7CC8CE41D146', 'payfastsandbox')).toBe(true);
    expect(verifyPayfastSignature(fields, '3441682c5d8a65486f5b7cc8ce41d146', 'other')).toBe(false);
    expect(verifyPayfastSignature(fields, undefined, 'payfastsandbox')).toBe(false);
  });
});

describe('payfastApiSignature (subscription API headers)', () => {
  const headers = { 'merchant-id': '10000100', version: 'v1', timestamp: '2026-11-22T10:00:00+00:00' };

  it('sorts headers, body and passphrase by name and encodes values as PHP does', () => {
    const expected = md5(
      'amount=28000&cycles=5&frequency=3&merchant-id=10000100&passphrase=jt7NOE43FZPn' +
        '&run_date=2026-12-15&timestamp=2026-11-22T10%3A00%3A00%2B00%3A00&version=v1',
    );
    const body = { run_date: '2026-12-15', amount: '28000', cycles: '5', frequency: '3' };
    expect(payfastApiSignature({ ...headers, ...body }, 'jt7NOE43FZPn')).toBe(expected);
    expect(verifyPayfastApiSignature({ ...body, ...headers }, expected.toUpperCase(), 'jt7NOE43FZPn')).toBe(
      true,
    );
    expect(verifyPayfastApiSignature({ ...headers, ...body, amount: '1' }, expected, 'jt7NOE43FZPn')).toBe(
      false,
    );
  });

  it('leaves the passphrase out when there is none, and ignores a signature field', () => {
    const expected = md5('merchant-id=10000100&timestamp=2026-11-22T10%3A00%3A00%2B00%3A00&version=v1');
    expect(payfastApiSignature({ ...headers, signature: 'x' })).toBe(expected);
  });
});

describe('payfastItnSignature', () => {
  it('signs every field in the order given, empty ones included, passphrase last', () => {
    const fields: Array<[string, string]> = [
      ['m_payment_id', 'don-42'],
      ['item_description', ''],
      ['amount_gross', '100.00'],
      ['name_first', 'Thandi Nkosi'],
    ];
    const unsigned = 'm_payment_id=don-42&item_description=&amount_gross=100.00&name_first=Thandi+Nkosi';
    expect(payfastItnParamString(fields)).toBe(unsigned);
    expect(payfastItnSignature(fields, 'pp')).toBe(md5(`${unsigned}&passphrase=pp`));
    const signed = `${unsigned}&signature=${payfastItnSignature(fields, 'pp')}`;
    expect(verifyPayfastItnSignature(signed, 'pp')).toBe(true);
  });
});

describe('payfastEncode (PHP urlencode)', () => {
  it.each([
    ['a b', 'a+b'],
    ['R&D', 'R%26D'],
    ['https://x.co.za/a', 'https%3A%2F%2Fx.co.za%2Fa'],
    ['bob@example.com', 'bob%40example.com'],
    ['~tilde', '%7Etilde'],
    ['café', 'caf%C3%A9'],
    ['-_.', '-_.'],
    ["!*'()+=", '%21%2A%27%28%29%2B%3D'],
    ['AZaz09', 'AZaz09'],
  ])('%s → %s', (input, expected) => {
    expect(payfastEncode(input)).toBe(expected);
  });
});

describe('payfastSignature', () => {
  const fields = orderPayfastFields({
    // deliberately out of documented order
    amount: '100.00',
    item_name: 'Donation #42',
    merchant_id: '10000100',
    merchant_key: '46f0cd694581a',
    return_url: 'https://letsema.example/done',
    name_first: ' Thandi ',
    name_last: '',
    email_address: 'thandi@example.co.za',
    m_payment_id: 'don-42',
  });

  it('orders fields as PayFast documents them', () => {
    expect(fields.map(([name]) => name)).toEqual([
      'merchant_id',
      'merchant_key',
      'return_url',
      'name_first',
      'name_last',
      'email_address',
      'm_payment_id',
      'amount',
      'item_name',
    ]);
    expect(PAYFAST_CHECKOUT_FIELD_ORDER.indexOf('cycles')).toBe(PAYFAST_CHECKOUT_FIELD_ORDER.length - 1);
  });

  it('matches an independently written signature string, skipping empty values, with passphrase', () => {
    const expected = md5(
      'merchant_id=10000100&merchant_key=46f0cd694581a&return_url=https%3A%2F%2Fletsema.example%2Fdone' +
        '&name_first=Thandi&email_address=thandi%40example.co.za&m_payment_id=don-42&amount=100.00' +
        '&item_name=Donation+%2342&passphrase=jt7NOE43FZPn',
    );
    expect(payfastSignature(fields, 'jt7NOE43FZPn')).toBe(expected);
  });

  it('leaves the passphrase out when none is given', () => {
    const expected = md5(
      'merchant_id=10000100&merchant_key=46f0cd694581a&return_url=https%3A%2F%2Fletsema.example%2Fdone' +
        '&name_first=Thandi&email_address=thandi%40example.co.za&m_payment_id=don-42&amount=100.00' +
        '&item_name=Donation+%2342',
    );
    expect(payfastSignature(fields)).toBe(expected);
    expect(payfastSignature(fields, '')).toBe(expected);
  });

  it('an empty value gives the same signature as leaving the field out', () => {
    const without = fields.filter(([name]) => name !== 'name_last');
    expect(payfastSignature(without, 'pp')).toBe(payfastSignature(fields, 'pp'));
  });

  it('encodes special and non-ASCII characters as PHP urlencode does', () => {
    const expected = md5('merchant_id=1&item_name=Caf%C3%A9+%26+Co%2Fx%40y%7Ez&passphrase=a+b');
    expect(
      payfastSignature(
        [
          ['merchant_id', '1'],
          ['item_name', 'Café & Co/x@y~z'],
        ],
        'a b',
      ),
    ).toBe(expected);
  });

  it('signs subscription fields in documented order', () => {
    const subscription = orderPayfastFields({
      cycles: '0',
      frequency: '3',
      subscription_type: '1',
      merchant_id: '10000100',
      merchant_key: '46f0cd694581a',
      amount: '50.00',
      item_name: 'Monthly',
      billing_date: '2026-01-31',
      recurring_amount: '50.00',
    });
    const expected = md5(
      'merchant_id=10000100&merchant_key=46f0cd694581a&amount=50.00&item_name=Monthly' +
        '&subscription_type=1&billing_date=2026-01-31&recurring_amount=50.00&frequency=3&cycles=0&passphrase=pp',
    );
    expect(payfastSignature(subscription, 'pp')).toBe(expected);
  });
});

describe('verifyPayfastItnSignature', () => {
  // An ITN body in the order PayFast posts it; the signature covers the fields as received,
  // including empty ones, with `signature` left out.
  const unsigned =
    'm_payment_id=don-42&pf_payment_id=1089250&payment_status=COMPLETE&item_name=Donation+%2342' +
    '&item_description=&amount_gross=100.00&amount_fee=-2.30&amount_net=97.70&custom_str1=' +
    '&name_first=Thandi&name_last=Nkosi&email_address=thandi%40example.co.za&merchant_id=10000100';
  const signature = md5(`${unsigned}&passphrase=jt7NOE43FZPn`);
  const body = `${unsigned}&signature=${signature}`;

  it('accepts a correctly signed post (string or URLSearchParams)', () => {
    expect(verifyPayfastItnSignature(body, 'jt7NOE43FZPn')).toBe(true);
    expect(verifyPayfastItnSignature(new URLSearchParams(body), 'jt7NOE43FZPn')).toBe(true);
    expect(verifyPayfastItnSignature(body.replace(signature, signature.toUpperCase()), 'jt7NOE43FZPn')).toBe(
      true,
    );
  });

  it('rejects a changed amount', () => {
    expect(
      verifyPayfastItnSignature(body.replace('amount_gross=100.00', 'amount_gross=1.00'), 'jt7NOE43FZPn'),
    ).toBe(false);
  });

  it('rejects a wrong or missing passphrase, a missing signature and repeated fields', () => {
    expect(verifyPayfastItnSignature(body, 'other')).toBe(false);
    expect(verifyPayfastItnSignature(body)).toBe(false);
    expect(verifyPayfastItnSignature(unsigned, 'jt7NOE43FZPn')).toBe(false);
    expect(verifyPayfastItnSignature(`${body}&amount_gross=1.00`, 'jt7NOE43FZPn')).toBe(false);
    expect(verifyPayfastItnSignature(`${unsigned}&signature=abc`, 'jt7NOE43FZPn')).toBe(false);
  });

  it('depends on the order received', () => {
    const swapped = unsigned.replace(
      'name_first=Thandi&name_last=Nkosi',
      'name_last=Nkosi&name_first=Thandi',
    );
    expect(verifyPayfastItnSignature(`${swapped}&signature=${signature}`, 'jt7NOE43FZPn')).toBe(false);
  });

  it('works without a passphrase', () => {
    expect(verifyPayfastItnSignature(`${unsigned}&signature=${md5(unsigned)}`)).toBe(true);
  });
});
