import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  orderPayfastFields,
  PAYFAST_CHECKOUT_FIELD_ORDER,
  payfastEncode,
  payfastSignature,
  verifyPayfastItnSignature,
} from '~/lib/server/payments/payfastSignature';

// No worked example (fields → published signature) could be retrieved from PayFast's own
// pages, so every expected value here is an MD5 of a string written out by hand, following
// PayFast's documented rules: documented field order, empty values left out, values
// urlencoded as PHP does (space `+`, upper-case hex), `&passphrase=` last.
const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

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
