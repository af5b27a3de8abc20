import { describe, expect, it } from 'vitest';
import {
  awaitsGateway,
  canChangeRecurring,
  deductionDayLabel,
  deductionsProgress,
  donationStatusLabel,
  durationLabel,
  isCancelledStatus,
  isRecurringOpen,
  ordinal,
  paymentMethodLabel,
  recurringAsDonationStatus,
  recurringStatusLabel,
  THANKS_MESSAGES,
  thanksStatusOf,
} from '~/lib/donationDisplay';
import {
  DonationStatus,
  PaymentGateway,
  RecurringDay,
  RecurringDuration,
  RecurringStatus,
} from '~/lib/enums';

describe('donation status labels', () => {
  it('names every DonationStatus, and anything else Unknown', () => {
    expect(Object.values(DonationStatus).map(donationStatusLabel)).toEqual([
      'Pending',
      'Paid',
      'Failed',
      'Cancelled at payment',
      'Cancelled',
      'Awaiting settlement',
      'Pledged',
    ]);
    expect(donationStatusLabel(99)).toBe('Unknown');
  });

  it('names every RecurringStatus; both cancelled variants read Cancelled', () => {
    expect(recurringStatusLabel(RecurringStatus.Active)).toBe('Active');
    expect(recurringStatusLabel(RecurringStatus.Expired)).toBe('Completed');
    expect(recurringStatusLabel(RecurringStatus.Error)).toBe('Payment problem');
    expect(recurringStatusLabel(RecurringStatus.CanceledAtTransaction)).toBe('Cancelled');
    expect(recurringStatusLabel(RecurringStatus.CanceledAtManage)).toBe('Cancelled');
    expect(recurringStatusLabel(RecurringStatus.PendingSettlement)).toBe('Awaiting first payment');
    expect(recurringStatusLabel(-1)).toBe('Unknown');
  });

  it('lets the donor change or cancel only a schedule that still runs', () => {
    expect(isRecurringOpen(RecurringStatus.Active)).toBe(true);
    expect(isRecurringOpen(RecurringStatus.PendingSettlement)).toBe(true);
    expect(isRecurringOpen(RecurringStatus.Expired)).toBe(false);
    expect(isRecurringOpen(RecurringStatus.CanceledAtManage)).toBe(false);
    expect(isRecurringOpen(RecurringStatus.CanceledAtTransaction)).toBe(false);
  });

  it('offers a change of amount only once the first payment went through', () => {
    expect(canChangeRecurring({ status: RecurringStatus.Active, deductionsMade: 1 })).toBe(true);
    expect(canChangeRecurring({ status: RecurringStatus.Error, deductionsMade: 2 })).toBe(true);
    expect(canChangeRecurring({ status: RecurringStatus.PendingSettlement, deductionsMade: 0 })).toBe(false);
    // A first charge that failed, or a payment that never started: no subscription at PayFast yet.
    expect(canChangeRecurring({ status: RecurringStatus.Error, deductionsMade: 0 })).toBe(false);
    expect(canChangeRecurring({ status: RecurringStatus.CanceledAtManage, deductionsMade: 3 })).toBe(false);
    expect(canChangeRecurring({ status: RecurringStatus.Expired, deductionsMade: 6 })).toBe(false);
  });

  it('knows the cancelled statuses of SPEC §4 recurring item update', () => {
    expect(isCancelledStatus(DonationStatus.CanceledAtTransaction)).toBe(true);
    expect(isCancelledStatus(DonationStatus.CanceledAtManage)).toBe(true);
    expect(isCancelledStatus(RecurringStatus.Active)).toBe(false);
    expect(isCancelledStatus(null)).toBe(false);
  });
});

describe('schedule wording', () => {
  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 15, 21, 22, 25, 101].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '15th',
      '21st',
      '22nd',
      '25th',
      '101st',
    ]);
  });

  it('gives the deduction day as the day of the month', () => {
    expect(deductionDayLabel(RecurringDay.FirstDayOfMonth)).toBe('1st');
    expect(deductionDayLabel(RecurringDay.FifteenthDayOfMonth)).toBe('15th');
    expect(deductionDayLabel(RecurringDay.TwentyFifthDayOfMonth)).toBe('25th');
    expect(deductionDayLabel(7)).toBe('Unknown');
  });

  it('gives the duration in months, or until cancelled', () => {
    expect(durationLabel(RecurringDuration.Indefinite)).toBe('Until cancelled');
    expect(durationLabel(RecurringDuration.SixMonths)).toBe('6 months');
    expect(durationLabel(RecurringDuration.TwentyFourMonths)).toBe('24 months');
    expect(durationLabel(null)).toBe('Unknown');
  });

  it('counts deductions against the cycles', () => {
    expect(deductionsProgress(2, 6)).toBe('2 of 6 deductions');
    expect(deductionsProgress(0, 1)).toBe('0 of 1 deduction');
    expect(deductionsProgress(1, null)).toBe('1 deduction so far');
    expect(deductionsProgress(3, null)).toBe('3 deductions so far');
  });

  it('names payment methods as the donation form does', () => {
    expect(paymentMethodLabel(PaymentGateway.PayFast)).toBe('Card (PayFast)');
    expect(paymentMethodLabel(PaymentGateway.EFT)).toBe('Bank transfer (EFT)');
    expect(paymentMethodLabel(PaymentGateway.SnapScan)).toBe('SnapScan');
    expect(paymentMethodLabel(42)).toBe('Other');
  });
});

describe('/thanks status', () => {
  it('says where a card payment stands', () => {
    const card = PaymentGateway.PayFast;
    expect(thanksStatusOf(DonationStatus.Pending, card)).toEqual({
      message: 'We are waiting for the payment to be confirmed…',
      tone: 'waiting',
    });
    expect(thanksStatusOf(DonationStatus.Accepted, card).message).toBe('Payment received. Thank you!');
    expect(thanksStatusOf(DonationStatus.Rejected, card).message).toBe('The payment did not go through.');
    expect(thanksStatusOf(DonationStatus.CanceledAtTransaction, card).message).toBe(
      'You cancelled the payment.',
    );
  });

  it('asks an EFT donor for the transfer instead of waiting on a gateway', () => {
    expect(thanksStatusOf(DonationStatus.Pending, PaymentGateway.EFT).message).toBe(
      THANKS_MESSAGES.eftPending,
    );
    expect(awaitsGateway(DonationStatus.Pending, PaymentGateway.EFT)).toBe(false);
    expect(awaitsGateway(DonationStatus.Pending, PaymentGateway.InstantEFT)).toBe(true);
    expect(awaitsGateway(DonationStatus.Accepted, PaymentGateway.PayFast)).toBe(false);
  });

  it('words a monthly donation by its schedule: waiting for the first charge, paid once active', () => {
    expect(recurringAsDonationStatus(RecurringStatus.PendingSettlement)).toBe(DonationStatus.Pending);
    expect(recurringAsDonationStatus(RecurringStatus.Active)).toBe(DonationStatus.Accepted);
    expect(recurringAsDonationStatus(RecurringStatus.Expired)).toBe(DonationStatus.Accepted);
    expect(recurringAsDonationStatus(RecurringStatus.Error)).toBe(DonationStatus.Rejected);
    expect(recurringAsDonationStatus(RecurringStatus.CanceledAtTransaction)).toBe(
      DonationStatus.CanceledAtTransaction,
    );
    expect(recurringAsDonationStatus(RecurringStatus.CanceledAtManage)).toBe(DonationStatus.CanceledAtManage);
  });
});

describe('monthlySkipNotes', () => {
  it('says why a month may pass without a deduction, naming the chosen day', async () => {
    const { monthlySkipNotes } = await import('~/lib/donationDisplay');
    const [first, failed] = monthlySkipNotes(1);
    expect(first).toContain('the 15th of the month, the first at least a month after it');
    expect(first).toContain('a 15th less than a month away is passed over');
    expect(failed).toContain('nothing is taken for that month and it is not deducted later');
  });
});
