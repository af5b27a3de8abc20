import { describe, expect, it } from 'vitest';
import { publicDonorName } from '~/lib/donationDisplay';
import { Currency, RecurringDay } from '~/lib/enums';
import { firstBillingDate, nextOccurrence, todayInSouthAfrica } from '~/lib/server/donations/recurringDates';
import {
  campaignAmountOf,
  checkTipOrFee,
  type DonationCampaign,
  newReference,
} from '~/lib/server/donations/rules';

const campaign = (overrides: Partial<DonationCampaign> = {}): DonationCampaign => ({
  id: 'c',
  name: 'A campaign',
  url: 'a-campaign',
  ownerId: 'o',
  organisationId: null,
  published: true,
  status: 0,
  startDate: null,
  thankYouMessage: null,
  currency: { id: 1, name: 'Rand', ticker: 'ZAR', symbol: 'R', locale: 'en-ZA' },
  isRecurringGivingCampaign: false,
  isAdminFee: true,
  adminFeeRate: 0,
  showGateways: { paysoft: false, payPal: true, payfast: true, ozow: true, snapscan: false },
  donationsPaused: false,
  ...overrides,
});

const fieldMessage = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    return (error as { fieldErrors: Record<string, string[]> }).fieldErrors.tipOrAdminFeeAmount?.[0];
  }
  return undefined;
};

describe('tip or admin fee', () => {
  it('a tip is 0 up to 30 % of the amount', () => {
    expect(checkTipOrFee(campaign(), Currency.Rand, 10_000, 3_000)).toEqual({ adminFeeCovered: false });
    expect(fieldMessage(() => checkTipOrFee(campaign(), Currency.Rand, 10_000, 3_001))).toBe(
      'The tip can be at most 30% of the donation.',
    );
  });

  it('with an admin fee, the extra is 0 or exactly the fee', () => {
    const feeCampaign = campaign({ adminFeeRate: 5 });
    expect(checkTipOrFee(feeCampaign, Currency.Rand, 25_050, 0)).toEqual({ adminFeeCovered: false });
    expect(checkTipOrFee(feeCampaign, Currency.Rand, 25_050, 1_253)).toEqual({ adminFeeCovered: true });
    expect(fieldMessage(() => checkTipOrFee(feeCampaign, Currency.Rand, 25_050, 1_000))).toBe(
      'The admin fee for this donation is R 12.53.',
    );
    expect(fieldMessage(() => checkTipOrFee(feeCampaign, Currency.Dollar, 2_000, 1))).toBe(
      'The admin fee for this donation is $ 1.00.',
    );
  });
});

describe('amounts in the campaign currency', () => {
  it('are the amount itself in the same currency', () => {
    expect(campaignAmountOf(25_000, Currency.Rand, Currency.Rand)).toEqual({
      campaignAmount: 25_000,
      exchangeRate: 1,
    });
  });
  it('convert dollars to rand and back at USD_TO_ZAR_RATE (18)', () => {
    expect(campaignAmountOf(2_500, Currency.Dollar, Currency.Rand)).toEqual({
      campaignAmount: 45_000,
      exchangeRate: 18,
    });
    expect(campaignAmountOf(36_000, Currency.Rand, Currency.Dollar)).toEqual({
      campaignAmount: 2_000,
      exchangeRate: 0.055556,
    });
  });
});

describe('references', () => {
  it('are a prefix and 10 base32 characters, different each time', () => {
    const refs = new Set(Array.from({ length: 200 }, () => newReference()));
    expect(refs.size).toBe(200);
    for (const ref of refs) expect(ref).toMatch(/^LTS-[A-Z2-7]{10}$/);
    expect(newReference('LTR-')).toMatch(/^LTR-/);
  });
});

describe('public donor names', () => {
  const d = { anonymous: false, displayName: null, firstName: 'Thabo', lastName: 'mokoena' };
  it("are 'Anonymous', the display name, or 'First L.'", () => {
    expect(publicDonorName({ ...d, anonymous: true, displayName: 'Thabo' })).toBe('Anonymous');
    expect(publicDonorName({ ...d, displayName: ' The Mokoenas ' })).toBe('The Mokoenas');
    expect(publicDonorName(d)).toBe('Thabo M.');
    expect(publicDonorName({ ...d, displayName: '  ' })).toBe('Thabo M.');
  });
  it('never print a surname in full, and name nobody when nothing is given', () => {
    expect(publicDonorName({ firstName: 'Pieter', lastName: 'van Wyk' })).toBe('Pieter V.');
    expect(publicDonorName({ displayName: null, firstName: null, lastName: null })).toBe('Anonymous');
  });
});

describe('recurring dates', () => {
  it('bill next on the chosen day at least a month from today', () => {
    expect(firstBillingDate(RecurringDay.TwentyFifthDayOfMonth, '2026-11-22')).toBe('2026-12-25');
    expect(firstBillingDate(RecurringDay.FirstDayOfMonth, '2026-11-22')).toBe('2027-01-01');
    expect(firstBillingDate(RecurringDay.FifteenthDayOfMonth, '2026-11-15')).toBe('2026-12-15');
    expect(firstBillingDate(RecurringDay.FifteenthDayOfMonth, '2026-12-31')).toBe('2027-02-15');
  });
  it('move a running schedule to the next such day after today', () => {
    expect(nextOccurrence(RecurringDay.TwentyFifthDayOfMonth, '2026-11-22')).toBe('2026-11-25');
    expect(nextOccurrence(RecurringDay.FifteenthDayOfMonth, '2026-11-15')).toBe('2026-12-15');
    expect(nextOccurrence(RecurringDay.FirstDayOfMonth, '2026-12-02')).toBe('2027-01-01');
  });
  it('count days in Johannesburg (UTC+2)', () => {
    expect(todayInSouthAfrica(new Date('2026-11-22T22:30:00Z'))).toBe('2026-11-23');
  });
});
