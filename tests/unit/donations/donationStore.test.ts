import ky from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Donation } from '~/lib/api/donations';
import { PaymentGateway } from '~/lib/enums';

const createSignedInDonation = vi.fn();
const createVisitorDonation = vi.fn();
const createDonationSchedule = vi.fn();
vi.mock('~/lib/api/donations', () => ({
  createSignedInDonation,
  createVisitorDonation,
  createDonationSchedule,
}));

const { createDonation, createRecurringDonation, DONATION_ERRORS } = await import('~/stores/donation');

/** A real ky HTTPError carrying `body`, as the API clients reject with. */
async function httpError(status: number, body: unknown): Promise<unknown> {
  const fetch = async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return ky.post('http://letsema.test/api/v1/donations', { fetch, retry: 0 }).then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

const failure = (message: string, data: Record<string, string[]> | null = null) => ({
  data,
  meta: { message },
  errors: data
    ? Object.entries(data).map(([field, [displayMessage]]) => ({
        code: 'bad_request',
        field,
        displayMessage,
      }))
    : [{ code: 'bad_request', displayMessage: message }],
});

const request = {
  campaignUrl: 'books-for-kgosi',
  type: 0 as const,
  currencyId: 1 as const,
  amount: 250,
  paymentMethod: PaymentGateway.PayFast,
  firstName: 'Thabo',
  lastName: 'Mokoena',
  email: 'thabo@example.co.za',
  mobileNumber: null,
  anonymous: false,
  displayName: '',
  comment: '',
  tipOrAdminFeeAmount: 30,
  recaptchaToken: 'payload',
};
const recurringRequest = {
  ...request,
  term: 3 as const,
  deductionDate: 1 as const,
  mobileNumber: '0821234567',
  cardConsent: true as const,
  onceOffAmount: null,
};
const donation = { id: 'd1', jwtTokenStringDonationId: 'token-1', amount: 250 } as Donation;

beforeEach(() => {
  vi.clearAllMocks();
});

describe('creating a donation (SPEC §4 "Donation creation")', () => {
  it('a visitor posts to /donations; success answers the donation', async () => {
    createVisitorDonation.mockResolvedValue({ data: donation, meta: { message: 'Donation created.' } });
    const outcome = await createDonation(request, false);
    expect(outcome).toEqual({ ok: true, data: donation });
    expect(createVisitorDonation).toHaveBeenCalledWith(request);
    expect(createSignedInDonation).not.toHaveBeenCalled();
  });

  it('a signed-in donor posts to /donations/logged-in', async () => {
    createSignedInDonation.mockResolvedValue({ data: donation, meta: {} });
    await createDonation(request, true);
    expect(createSignedInDonation).toHaveBeenCalledWith(request);
    expect(createVisitorDonation).not.toHaveBeenCalled();
  });

  it('an empty answer is the generic failure', async () => {
    vi.spyOn(console, 'error').mockImplementationOnce(() => {});
    createVisitorDonation.mockResolvedValue({ data: null, meta: {} });
    const outcome = await createDonation(request, false);
    expect(outcome).toMatchObject({ ok: false, message: DONATION_ERRORS.generic });
  });

  it('a captcha failure keeps its message as the recaptcha error', async () => {
    createVisitorDonation.mockRejectedValue(
      await httpError(
        400,
        failure(DONATION_ERRORS.recaptcha, { recaptchaToken: [DONATION_ERRORS.recaptcha] }),
      ),
    );
    const outcome = await createDonation(request, false);
    expect(outcome).toMatchObject({ ok: false, message: DONATION_ERRORS.recaptcha });
  });

  it('field errors come back for the form, with the first error as the message', async () => {
    const data = { amount: ['The minimum amount is R 20'] };
    createVisitorDonation.mockRejectedValue(await httpError(400, failure('Validation failed.', data)));
    const outcome = await createDonation(request, false);
    expect(outcome).toMatchObject({ ok: false, message: 'The minimum amount is R 20', fieldErrors: data });
  });

  it('a server error or no answer at all shows the generic message', async () => {
    createVisitorDonation.mockRejectedValueOnce(
      await httpError(500, failure('Something broke, request id x')),
    );
    expect(await createDonation(request, false)).toMatchObject({ message: DONATION_ERRORS.generic });
    vi.spyOn(console, 'error').mockImplementationOnce(() => {});
    createVisitorDonation.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await createDonation(request, false)).toMatchObject({ message: DONATION_ERRORS.generic });
  });

  it('a 400 that names the campaign shows that message', async () => {
    createSignedInDonation.mockRejectedValue(
      await httpError(400, failure('This campaign is not accepting donations.')),
    );
    expect(await createDonation(request, true)).toMatchObject({
      message: 'This campaign is not accepting donations.',
    });
  });
});

describe('creating a monthly donation', () => {
  it('posts to /donationsscheduler and answers the schedule', async () => {
    const recurrence = { donationSchedulerId: 'r1', jwtTokenStringDonationId: 'sched-1' };
    createDonationSchedule.mockResolvedValue({ data: recurrence, meta: {} });
    const outcome = await createRecurringDonation(recurringRequest, true);
    expect(outcome).toEqual({ ok: true, data: recurrence });
    expect(createDonationSchedule).toHaveBeenCalledWith(recurringRequest, true);
  });

  it('a failed recurring Paysoft donation shows the account message (SPEC §8)', async () => {
    createDonationSchedule.mockRejectedValue(await httpError(400, failure('Bad account.')));
    const outcome = await createRecurringDonation(
      { ...recurringRequest, paymentMethod: PaymentGateway.Paysoft },
      false,
    );
    expect(outcome).toMatchObject({ ok: false, message: DONATION_ERRORS.paysoft });
  });
});
