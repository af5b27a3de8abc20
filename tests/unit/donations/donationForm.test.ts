import { describe, expect, it } from 'vitest';
import {
  type DonationChoices,
  type DonationFormValues,
  donationRequestOf,
  EMPTY_DONATION_VALUES,
  extraAmountOf,
  parseAmount,
  totalSummaryOf,
  validateDonationValues,
} from '~/islands/donation/donationValues';
import { Currency, PaymentGateway } from '~/lib/enums';

const filled: DonationFormValues = {
  ...EMPTY_DONATION_VALUES,
  amount: '250',
  paymentMethod: String(PaymentGateway.PayFast),
  firstName: 'Thabo',
  lastName: 'Mokoena',
  email: 'thabo@example.co.za',
};
const onceOff: DonationChoices = {
  recurring: false,
  currencyId: Currency.Rand,
  tipPercentage: 12,
  adminFeeRate: null,
};
const monthly: DonationChoices = { ...onceOff, recurring: true };

describe('reading the amount as typed', () => {
  it('takes spaces, a currency sign and a decimal comma', () => {
    expect(parseAmount('250')).toBe(250);
    expect(parseAmount(' 1 000 ')).toBe(1000);
    expect(parseAmount('R 250')).toBe(250);
    expect(parseAmount('99,50')).toBe(99.5);
    expect(parseAmount('1,000.25')).toBe(1000.25);
  });

  it('is null when empty and NaN when not a number', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('lots')).toBeNaN();
    expect(parseAmount('-5')).toBeNaN();
  });
});

describe('the tip or the admin fee', () => {
  it('is the slider percentage of the amount, in cents', () => {
    expect(extraAmountOf(250, filled, onceOff)).toBe(30);
    expect(extraAmountOf(99.99, filled, { ...onceOff, tipPercentage: 12.5 })).toBe(12.5);
    expect(extraAmountOf(250, filled, { ...onceOff, tipPercentage: 0 })).toBe(0);
    expect(extraAmountOf(null, filled, onceOff)).toBe(0);
  });

  it('is the campaign admin fee when the donor covers it, else nothing', () => {
    const fee = { ...onceOff, adminFeeRate: 5 };
    expect(extraAmountOf(250, { coverFee: true }, fee)).toBe(12.5);
    expect(extraAmountOf(250, { coverFee: false }, fee)).toBe(0);
  });
});

describe('the total line', () => {
  it('shows what a once-off donor pays and what it is made of', () => {
    expect(totalSummaryOf(filled, onceOff)).toBe('You pay R 280.00 (donation R 250.00 + tip R 30.00)');
    expect(totalSummaryOf({ ...filled, amount: '1000' }, { ...onceOff, currencyId: Currency.Dollar })).toBe(
      'You pay US $ 1 120.00 (donation US $ 1 000.00 + tip US $ 120.00)',
    );
  });

  it('names the admin fee when covered', () => {
    const fee = { ...onceOff, adminFeeRate: 5 };
    expect(totalSummaryOf({ ...filled, coverFee: true }, fee)).toBe(
      'You pay R 262.50 (donation R 250.00 + admin fee R 12.50)',
    );
    expect(totalSummaryOf(filled, fee)).toBe('You pay R 250.00 (donation R 250.00)');
  });

  it('shows the monthly charge and a first charge with the once-off amount', () => {
    expect(totalSummaryOf(filled, monthly)).toBe(
      'You pay R 280.00 each month (donation R 250.00 + tip R 30.00)',
    );
    expect(totalSummaryOf({ ...filled, onceOffAmount: '50' }, monthly)).toBe(
      'You pay R 330.00 now (donation R 250.00 + tip R 30.00 + once-off R 50.00), then R 280.00 each month',
    );
  });

  it('waits for an amount', () => {
    expect(totalSummaryOf({ ...filled, amount: '' }, onceOff)).toBeNull();
    expect(totalSummaryOf({ ...filled, amount: 'abc' }, onceOff)).toBeNull();
  });
});

describe('validation with the shared schemas (SPEC §5, word for word)', () => {
  it('passes a complete once-off donation', () => {
    expect(validateDonationValues(filled, onceOff)).toEqual({});
  });

  it('names each missing or wrong field under its input', () => {
    expect(validateDonationValues(EMPTY_DONATION_VALUES, onceOff)).toMatchObject({
      amount: 'Please enter a donation amount.',
      paymentMethod: 'Please select a payment method.',
    });
    expect(validateDonationValues({ ...filled, amount: '19' }, onceOff)).toEqual({
      amount: 'The minimum amount is R 20',
    });
    expect(
      validateDonationValues({ ...filled, amount: '4' }, { ...onceOff, currencyId: Currency.Dollar }),
    ).toEqual({ amount: 'The minimum amount is US $ 5' });
    expect(validateDonationValues({ ...filled, amount: '1000000001' }, onceOff)).toEqual({
      amount: 'The max amount is 1 000 000 000',
    });
    expect(validateDonationValues({ ...filled, email: 'thabo@' }, onceOff)).toEqual({
      email: 'Invalid email format.',
    });
    expect(validateDonationValues({ ...filled, mobileNumber: '082' }, onceOff)).toEqual({
      mobileNumber: 'Please complete mobile number',
    });
  });

  it('asks a monthly donor for the term, day, mobile number and card consent', () => {
    expect(validateDonationValues(filled, monthly)).toEqual({
      term: 'Please select a recurrence term.',
      deductionDate: 'Please select a deduction day.',
      mobileNumber: 'Please enter your mobile number.',
      cardConsent: 'You must agree to store your card details for recurring donations',
    });
  });
});

describe('the request body', () => {
  it('is the checked donation with the campaign and the captcha token', () => {
    expect(donationRequestOf(filled, onceOff, 'c1', 'altcha-payload')).toEqual({
      campaignId: 'c1',
      type: 0,
      currencyId: 1,
      amount: 250,
      paymentMethod: 8,
      firstName: 'Thabo',
      lastName: 'Mokoena',
      email: 'thabo@example.co.za',
      mobileNumber: null,
      anonymous: false,
      displayName: '',
      comment: '',
      tipOrAdminFeeAmount: 30,
      recaptchaToken: 'altcha-payload',
    });
  });

  it('carries the schedule of a monthly donation', () => {
    const values = {
      ...filled,
      mobileNumber: '082 123 4567',
      term: '3',
      deductionDate: '1',
      cardConsent: true,
      onceOffAmount: '',
    };
    expect(donationRequestOf(values, monthly, 'c1', undefined)).toMatchObject({
      type: 1,
      term: 3,
      deductionDate: 1,
      mobileNumber: '082 123 4567',
      cardConsent: true,
      onceOffAmount: null,
    });
  });

  it('is null for values that fail the schema', () => {
    expect(donationRequestOf({ ...filled, amount: '' }, onceOff, 'c1', undefined)).toBeNull();
  });
});

describe("the 'Give anonymously' checkbox", () => {
  it('is unticked by default and then sends anonymous: false (SPEC §5: always sent)', () => {
    expect(EMPTY_DONATION_VALUES.anonymous).toBe(false);
    expect(validateDonationValues(filled, onceOff)).not.toHaveProperty('anonymous');
    expect(donationRequestOf(filled, onceOff, 'c1', undefined)).toMatchObject({ anonymous: false });
  });

  it('sends anonymous: true once ticked, for once-off and monthly gifts alike', () => {
    const ticked = { ...filled, anonymous: true };
    expect(donationRequestOf(ticked, onceOff, 'c1', undefined)).toMatchObject({ anonymous: true });
    const monthlyValues = {
      ...ticked,
      mobileNumber: '082 123 4567',
      term: '3',
      deductionDate: '1',
      cardConsent: true,
    };
    expect(donationRequestOf(monthlyValues, monthly, 'c1', undefined)).toMatchObject({ anonymous: true });
  });
});

describe('the currency minimum beside other messages', () => {
  it('shows with the messages of other fields', () => {
    const errors = validateDonationValues({ ...EMPTY_DONATION_VALUES, amount: '15' }, onceOff);
    expect(errors).toMatchObject({
      amount: 'The minimum amount is R 20',
      paymentMethod: 'Please select a payment method.',
    });
  });
});

describe('the minimum beside the amount', () => {
  it("is said before any refusal, in the currency's own words", async () => {
    const { minimumLabel } = await import('~/islands/donation/AmountPicker');
    expect(minimumLabel(Currency.Rand)).toBe('R 20 minimum');
    expect(minimumLabel(Currency.Dollar)).toBe('US $ 5 minimum');
  });
});
