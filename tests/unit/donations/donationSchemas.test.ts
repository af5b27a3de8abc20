import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { Currency, DonationStatus, DonationType, PaymentGateway } from '~/lib/enums';
import {
  amountSchema,
  DONATION_DEFAULTS,
  DONATION_MESSAGES,
  recurringDonationSchema,
  recurringScheduleSchema,
  singleDonationSchema,
} from '~/lib/schemas/donation';

/** Field → messages, from v.flatten; empty when the input passes. */
function messagesOf(schema: v.GenericSchema, input: unknown): Record<string, string[] | undefined> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const flat = v.flatten(result.issues);
  return { ...(flat.root ? { root: flat.root } : {}), ...flat.nested };
}

const randDonation = {
  type: DonationType.OneOff,
  currencyId: Currency.Rand,
  amount: 250.5,
  paymentMethod: PaymentGateway.InstantEFT,
  firstName: 'Nomsa-Thandeka',
  lastName: "O'Neill",
  email: 'nomsa@example.org',
  anonymous: false,
  tipOrAdminFeeAmount: 30,
};

const dollarDonation = {
  ...randDonation,
  currencyId: Currency.Dollar,
  amount: 5,
  paymentMethod: PaymentGateway.PayPal,
  mobileNumber: '+1 202 555 0143',
  displayName: 'A friend',
  comment: 'Good luck!',
  recaptchaToken: 'token',
};

const recurringDonation = {
  ...randDonation,
  type: DonationType.Recurring,
  paymentMethod: PaymentGateway.Paysoft,
  mobileNumber: '082 123 4567',
  term: 4,
  deductionDate: 1,
  cardConsent: true,
};

const without = (input: Record<string, unknown>, key: string) => {
  const { [key]: _, ...rest } = input;
  return rest;
};

describe('DONATION_DEFAULTS', () => {
  it('are SPEC §3 defaults: type 0, currency 1, payment method 1, status 0', () => {
    expect(DONATION_DEFAULTS).toEqual({
      type: DonationType.OneOff,
      currencyId: Currency.Rand,
      paymentMethod: PaymentGateway.InstantEFT,
      status: DonationStatus.Pending,
    });
    expect(DONATION_DEFAULTS).toEqual({ type: 0, currencyId: 1, paymentMethod: 1, status: 0 });
  });
});

describe('amountSchema', () => {
  const messages = (currency: Currency, amount: unknown) => {
    const result = v.safeParse(amountSchema(currency), amount);
    return result.success ? [] : result.issues.map((issue) => issue.message);
  };

  it('refuses R 19.99 and accepts R 20', () => {
    expect(messages(Currency.Rand, 19.99)).toEqual(['The minimum amount is R 20']);
    expect(messages(Currency.Rand, 20)).toEqual([]);
  });

  it('accepts US $ 5 and refuses US $ 4.99', () => {
    expect(messages(Currency.Dollar, 5)).toEqual([]);
    expect(messages(Currency.Dollar, 4.99)).toEqual(['The minimum amount is US $ 5']);
  });

  it('caps at 1 000 000 000', () => {
    expect(messages(Currency.Rand, 1_000_000_000)).toEqual([]);
    expect(messages(Currency.Rand, 999_999_999.99)).toEqual([]);
    expect(messages(Currency.Rand, 1_000_000_001)).toEqual(['The max amount is 1 000 000 000']);
    expect(messages(Currency.Dollar, Number.POSITIVE_INFINITY)).toEqual(['The max amount is 1 000 000 000']);
  });

  it('requires a number', () => {
    for (const amount of [undefined, null, '', '50', Number.NaN]) {
      expect(messages(Currency.Rand, amount)).toEqual(['Please enter a donation amount.']);
    }
  });

  it('allows at most 2 decimals', () => {
    expect(messages(Currency.Rand, 20.1)).toEqual([]);
    expect(messages(Currency.Rand, 20.15)).toEqual([]);
    expect(messages(Currency.Rand, 20.155)).toEqual([DONATION_MESSAGES.amountDecimals]);
    expect(DONATION_MESSAGES.amountDecimals).toBe('Amounts can have at most 2 decimal places.');
  });
});

describe('single donation schema', () => {
  it('accepts a valid rand donation, filling optional fields', () => {
    const result = v.safeParse(singleDonationSchema, { ...randDonation, email: ' nomsa@example.org ' });
    expect(result.success).toBe(true);
    expect(result.output).toEqual({
      ...randDonation,
      mobileNumber: null,
      displayName: '',
      comment: '',
    });
  });

  it('accepts a valid US dollar donation', () => {
    expect(messagesOf(singleDonationSchema, dollarDonation)).toEqual({});
  });

  it.each([
    [Currency.Rand, 19.99, 'The minimum amount is R 20'],
    [Currency.Dollar, 4.99, 'The minimum amount is US $ 5'],
    [Currency.Rand, 1_000_000_001, 'The max amount is 1 000 000 000'],
    [Currency.Dollar, 1_000_000_001, 'The max amount is 1 000 000 000'],
  ])('currency %i, amount %d → %s on amount', (currencyId, amount, message) => {
    expect(messagesOf(singleDonationSchema, { ...randDonation, currencyId, amount })).toEqual({
      amount: [message],
    });
  });

  it.each([
    [Currency.Rand, 20],
    [Currency.Dollar, 5],
    [Currency.Dollar, 19.99],
  ])('currency %i accepts amount %d', (currencyId, amount) => {
    expect(messagesOf(singleDonationSchema, { ...randDonation, currencyId, amount })).toEqual({});
  });

  it.each([
    ['type', undefined, 'Please select a payment type.'],
    ['type', 2, 'Please select a payment type.'],
    ['currencyId', undefined, 'Please select a currency'],
    ['currencyId', 3, 'Please select a currency'],
    ['amount', undefined, 'Please enter a donation amount.'],
    ['amount', 1_000_000_001, 'The max amount is 1 000 000 000'],
    ['amount', 19.99, 'The minimum amount is R 20'],
    ['amount', 20.001, 'Amounts can have at most 2 decimal places.'],
    ['paymentMethod', undefined, 'Please select a payment method.'],
    ['paymentMethod', 9, 'Please select a payment method.'],
    ['firstName', undefined, 'First name is a required field'],
    ['firstName', 'x'.repeat(61), 'First name must be at most 60 characters'],
    ['firstName', '<b>', 'First name should not contain any special characters'],
    ['lastName', '', 'Surname is a required field'],
    ['lastName', 'x'.repeat(61), 'Surname must be at most 60 characters'],
    ['lastName', '<b>', 'Surname should not contain any special characters'],
    ['email', undefined, 'Email is a required field'],
    ['email', 'not-an-email', 'Invalid email format.'],
    ['email', `${'a'.repeat(40)}@example.org`, 'Email must be at most 50 characters'],
    ['mobileNumber', '12345', 'Please complete mobile number'],
    ['mobileNumber', '1'.repeat(17), 'Please complete mobile number'],
    ['anonymous', undefined, 'Please choose an anonymity setting.'],
    ['anonymous', 'yes', 'Please choose an anonymity setting.'],
    ['displayName', 'x'.repeat(30), 'Display name must be at most 30 characters'],
    ['comment', 'x'.repeat(351), 'Comment must be at most 350 characters'],
    ['tipOrAdminFeeAmount', undefined, 'Tip amount not entered'],
    ['tipOrAdminFeeAmount', -1, 'Tip amount cannot be negative.'],
    ['recaptchaToken', 42, 'Invalid reCAPTCHA token.'],
  ])('%s = %j → %s', (field, value, message) => {
    const input = value === undefined ? without(randDonation, field) : { ...randDonation, [field]: value };
    expect(messagesOf(singleDonationSchema, input)).toEqual({ [field]: [message] });
  });

  it('keeps the boundaries: display name 29, comment 350, mobile 16, tip 0', () => {
    for (const extra of [
      { displayName: 'x'.repeat(29) },
      { comment: 'x'.repeat(350) },
      { mobileNumber: '+27 82 123 45 67' },
      { mobileNumber: '' },
      { mobileNumber: null },
      { tipOrAdminFeeAmount: 0 },
    ]) {
      expect(messagesOf(singleDonationSchema, { ...randDonation, ...extra })).toEqual({});
    }
  });

  it('accepts names with letters of any script, hyphens and apostrophes', () => {
    for (const firstName of ['Zoë', 'Nomsa-Thandeka', "O'Neill", 'Ngũgĩ', 'Jean Luc 2']) {
      expect(messagesOf(singleDonationSchema, { ...randDonation, firstName, lastName: firstName })).toEqual(
        {},
      );
    }
  });

  it('reports every broken field at once', () => {
    expect(Object.keys(messagesOf(singleDonationSchema, {})).sort()).toEqual(
      [
        'amount',
        'anonymous',
        'currencyId',
        'email',
        'firstName',
        'lastName',
        'paymentMethod',
        'tipOrAdminFeeAmount',
        'type',
      ].sort(),
    );
  });
});

describe('the campaign a donation is for', () => {
  const refOf = (schema: typeof singleDonationSchema | typeof recurringDonationSchema, extra: object) => {
    const base = schema === singleDonationSchema ? randDonation : recurringDonation;
    const { campaignId, campaignUrl } = v.parse(schema, { ...base, ...extra });
    return { campaignId, campaignUrl };
  };

  it.each([singleDonationSchema, recurringDonationSchema])(
    'passes campaignId through and trims campaignUrl',
    (schema) => {
      expect(refOf(schema, { campaignId: 'c0ffee00-0000-4000-8000-000000000001' })).toEqual({
        campaignId: 'c0ffee00-0000-4000-8000-000000000001',
        campaignUrl: undefined,
      });
      expect(refOf(schema, { campaignUrl: '  help-thandi  ' })).toEqual({
        campaignId: undefined,
        campaignUrl: 'help-thandi',
      });
    },
  );

  it('treats empty or non-text values as absent, never as a validation message (an unknown campaign is a 404)', () => {
    for (const extra of [
      {},
      { campaignId: '' },
      { campaignId: 42 },
      { campaignId: null },
      { campaignUrl: '   ' },
      { campaignUrl: ['help-thandi'] },
    ]) {
      expect(messagesOf(singleDonationSchema, { ...randDonation, ...extra })).toEqual({});
      expect(refOf(singleDonationSchema, extra)).toEqual({ campaignId: undefined, campaignUrl: undefined });
    }
    expect(refOf(singleDonationSchema, { campaignId: 7, campaignUrl: 'help-thandi' })).toEqual({
      campaignId: undefined,
      campaignUrl: 'help-thandi',
    });
  });
});

describe('recurring donation schema', () => {
  it('accepts a valid recurring donation', () => {
    expect(messagesOf(recurringDonationSchema, recurringDonation)).toEqual({});
    expect(messagesOf(recurringDonationSchema, { ...recurringDonation, onceOffAmount: 0 })).toEqual({});
    expect(
      messagesOf(recurringDonationSchema, { ...recurringDonation, onceOffAmount: 1_000_000_000 }),
    ).toEqual({});
  });

  it('keeps the single donation rules, currency minimum included', () => {
    expect(messagesOf(recurringDonationSchema, { ...recurringDonation, amount: 19.99 })).toEqual({
      amount: ['The minimum amount is R 20'],
    });
    expect(messagesOf(recurringDonationSchema, { ...recurringDonation, firstName: '<b>' })).toEqual({
      firstName: ['First name should not contain any special characters'],
    });
  });

  it.each([
    ['term', undefined, 'Please select a recurrence term.'],
    ['term', 6, 'Please select a recurrence term.'],
    ['deductionDate', undefined, 'Please select a deduction day.'],
    ['deductionDate', 3, 'Please select a deduction day.'],
    ['mobileNumber', undefined, 'Please enter your mobile number.'],
    ['mobileNumber', '  ', 'Please enter your mobile number.'],
    ['mobileNumber', '12345', 'Please complete mobile number'],
    ['cardConsent', undefined, 'You must agree to store your card details for recurring donations'],
    ['cardConsent', false, 'You must agree to store your card details for recurring donations'],
    ['onceOffAmount', -1, 'The once-off amount must be between 0 and 1 000 000 000'],
    ['onceOffAmount', 1_000_000_001, 'The once-off amount must be between 0 and 1 000 000 000'],
  ])('%s = %j → %s', (field, value, message) => {
    const input =
      value === undefined ? without(recurringDonation, field) : { ...recurringDonation, [field]: value };
    expect(messagesOf(recurringDonationSchema, input)).toEqual({ [field]: [message] });
  });
});

describe('recurring schedule schema', () => {
  it('checks only amount, term and deduction day', () => {
    expect(
      v.parse(recurringScheduleSchema(Currency.Rand), { amount: 20, term: 0, deductionDate: 2, extra: 1 }),
    ).toEqual({
      amount: 20,
      term: 0,
      deductionDate: 2,
    });
    expect(messagesOf(recurringScheduleSchema(), {})).toEqual({
      amount: ['Please enter a donation amount.'],
      term: ['Please select a recurrence term.'],
      deductionDate: ['Please select a deduction day.'],
    });
  });

  it('applies the currency minimum', () => {
    expect(
      messagesOf(recurringScheduleSchema(Currency.Rand), { amount: 19.99, term: 0, deductionDate: 0 }),
    ).toEqual({
      amount: ['The minimum amount is R 20'],
    });
    expect(
      messagesOf(recurringScheduleSchema(Currency.Dollar), { amount: 5, term: 0, deductionDate: 0 }),
    ).toEqual({});
  });
});
