import { describe, expect, it } from 'vitest';
import { DonationStatus, PaymentGateway } from '~/lib/enums';
import { DONATION_MESSAGES } from '~/lib/schemas/donation';
import { mailsTo, send } from './support/accounts';
import { demoToken, launchedCampaign, readyCampaign } from './support/campaigns';
import {
  DEMO_DOLLAR_CAMPAIGN,
  DEMO_RAND_CAMPAIGN,
  type DonationData,
  donate,
  donated,
  donationBody,
  getDonation,
  solveCaptcha,
} from './support/donations';
import { expectFailureEnvelope, expectSuccessEnvelope } from './support/http';

const CAPTCHA_FAILED = 'The reCAPTCHA verification failed. Please try again.';

const patch = (token: string, body: unknown) =>
  send<DonationData>('PATCH', `/api/v1/donations/${encodeURIComponent(token)}`, body);

/** A 400 naming `field` with exactly `message`, and the message as the toast. */
function expectFieldError(
  res: { status: number; text: string; body: { data: unknown; meta: { message?: string } } },
  field: string,
  message: string,
): void {
  expect(res.status, res.text).toBe(400);
  expectFailureEnvelope(res.body as never);
  expect((res.body.data as Record<string, string[]>)[field], res.text).toContain(message);
}

describe('POST /donations/logged-in', () => {
  it('creates a pending EFT donation in rand with the bank details and a reference', async () => {
    const token = await demoToken('zanele');
    const res = await donate(donationBody({ amount: 250, tipOrAdminFeeAmount: 30 }), token);
    expect(res.status, res.text).toBe(201);
    expectSuccessEnvelope(res.body);
    expect(res.body.meta.message).toBe('Donation created.');
    const d = res.body.data;
    expect(d).toMatchObject({
      type: 0,
      currencyId: 1,
      amount: 250,
      tipOrAdminFeeAmount: 30,
      total: 280,
      paymentMethod: PaymentGateway.EFT,
      status: DonationStatus.Pending,
      campaignUrl: DEMO_RAND_CAMPAIGN,
      term: null,
      onceOffAmount: null,
    });
    expect(d.userId).toBeTypeOf('string');
    expect(d.transactionInfo.bankingDetails).toMatchObject({
      bankName: expect.any(String),
      accountNumber: expect.any(String),
      branchNumber: expect.any(String),
      accountName: expect.any(String),
    });
    expect(d.transactionInfo.referenceNumber).toMatch(/^LTS-[A-Z2-7]{10}$/);
    expect(d.transactionInfo).toMatchObject({
      type: 0,
      status: 0,
      amount: 280,
      paymentUrl: null,
      paymentForm: null,
    });
    expect(d.transactionInfo.currency).toMatchObject({ id: 1, ticker: 'ZAR', symbol: 'R' });
  });

  it('starts a PayFast card payment with a form to post, returning to /thanks', async () => {
    const token = await demoToken('zanele');
    const d = await donated(
      donationBody({ paymentMethod: PaymentGateway.PayFast, amount: 100, tipOrAdminFeeAmount: 12 }),
      token,
    );
    expect(d.status).toBe(DonationStatus.Pending);
    expect(d.transactionInfo.bankingDetails).toBeNull();
    const form = d.transactionInfo.paymentForm;
    expect(form?.action).toMatch(/\/eng\/process$/);
    expect(d.transactionInfo.paymentUrl).toBe(form?.action);
    expect(form?.fields.m_payment_id).toBe(d.transactionInfo.referenceNumber);
    expect(form?.fields.amount).toBe('112.00');
    expect(form?.fields.return_url).toContain(
      `/thanks?donation=${encodeURIComponent(d.jwtTokenStringDonationId)}`,
    );
    expect(form?.fields.cancel_url).toContain(`/donation/${DEMO_RAND_CAMPAIGN}?cancelled=`);
  });

  it('asks for a session', async () => {
    const res = await send('POST', '/api/v1/donations/logged-in', donationBody());
    expect(res.status).toBe(401);
  });

  it('names the campaign by id as well as by url, and 404s an unknown one', async () => {
    const token = await demoToken('zanele');
    const first = await donated(donationBody(), token);
    const byId = await donated(donationBody({ campaignUrl: undefined, campaignId: first.campaignId }), token);
    expect(byId.campaignUrl).toBe(DEMO_RAND_CAMPAIGN);
    const res = await donate(donationBody({ campaignUrl: 'no-such-campaign-here' }), token);
    expect(res.status).toBe(404);
    expect(res.body.meta.message).toBe('Campaign not found.');
  });

  it('refuses campaigns that take no donations (a draft, a closed one)', async () => {
    const token = await demoToken('zanele');
    const draft = await readyCampaign(await demoToken('lerato'));
    const refused = [
      await donate(donationBody({ campaignUrl: 'in-loving-memory-of-themba-zulu' }), token),
      await donate(donationBody({ campaignUrl: undefined, campaignId: draft.id }), token),
    ];
    for (const res of refused) {
      expect(res.status, res.text).toBe(400);
      expect(res.body.meta.message).toBe('This campaign is not accepting donations.');
    }
  });
});

describe('POST /donations (visitors)', () => {
  it('takes a rand EFT donation with a solved captcha, without an account, and mails the bank details', async () => {
    const body = donationBody({ amount: 500, tipOrAdminFeeAmount: 0 });
    const d = await donated(body);
    expect(d).toMatchObject({ userId: null, amount: 500, total: 500, status: DonationStatus.Pending });
    const deadline = Date.now() + 5000;
    let mails = await mailsTo(String(body.email));
    while (mails.length === 0 && Date.now() < deadline) mails = await mailsTo(String(body.email));
    expect(mails.length).toBeGreaterThan(0);
  });

  it('answers the exact message for a missing, wrong or reused captcha, and stores nothing', async () => {
    const missing = donationBody({ recaptchaToken: undefined });
    const wrong = donationBody({
      recaptchaToken: Buffer.from('{"challenge":{},"solution":{}}').toString('base64'),
    });
    for (const body of [missing, wrong]) {
      const res = await donate(body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.meta.message).toBe(CAPTCHA_FAILED);
      expect(res.body.data).toEqual({ recaptchaToken: [CAPTCHA_FAILED] });
    }
    const solved = await solveCaptcha();
    await donated(donationBody({ recaptchaToken: solved }));
    const reused = donationBody({ recaptchaToken: solved });
    const res = await donate(reused);
    expect(res.status, res.text).toBe(400);
    expect(res.body.meta.message).toBe(CAPTCHA_FAILED);
    // An EFT donation mails its donor at once; none of the refused ones did.
    for (const body of [missing, wrong, reused]) expect(await mailsTo(String(body.email))).toEqual([]);
  });

  it('checks the fields before the captcha', async () => {
    const res = await donate(donationBody({ amount: 10, recaptchaToken: undefined }));
    expectFieldError(res, 'amount', DONATION_MESSAGES.amountMinRand);
  });
});

describe('dollars', () => {
  it('holds dollar donations to the US $ 5 minimum and to PayPal', async () => {
    const token = await demoToken('zanele');
    const small = await donate(
      donationBody({ currencyId: 2, amount: 4, tipOrAdminFeeAmount: 0, paymentMethod: 2 }),
      token,
    );
    expectFieldError(small, 'amount', DONATION_MESSAGES.amountMinDollar);
    const eft = await donate(
      donationBody({ currencyId: 2, amount: 20, tipOrAdminFeeAmount: 0, paymentMethod: 0 }),
      token,
    );
    expectFieldError(
      eft,
      'paymentMethod',
      'This payment method is not available for this campaign and currency.',
    );
    const randByPayPal = await donate(donationBody({ currencyId: 1, paymentMethod: 2 }), token);
    expectFieldError(
      randByPayPal,
      'paymentMethod',
      'This payment method is not available for this campaign and currency.',
    );
  });

  it('sends a dollar donation to PayPal, for a rand campaign and a dollar one', async () => {
    const token = await demoToken('zanele');
    for (const campaignUrl of [DEMO_RAND_CAMPAIGN, DEMO_DOLLAR_CAMPAIGN]) {
      const d = await donated(
        donationBody({ campaignUrl, currencyId: 2, amount: 25, tipOrAdminFeeAmount: 3, paymentMethod: 2 }),
        token,
      );
      expect(d).toMatchObject({ currencyId: 2, amount: 25, total: 28, status: DonationStatus.Pending });
      expect(d.transactionInfo.currency).toMatchObject({ id: 2, ticker: 'USD', symbol: '$' });
      expect(d.orderId).toBeTruthy();
      expect(d.transactionInfo.payPalOrder).toMatchObject({
        orderId: d.orderId,
        trackingId: d.transactionInfo.referenceNumber,
      });
      expect(d.transactionInfo.paymentUrl).toBeTruthy();
    }
    // A visitor too.
    const visitor = await donated(
      donationBody({
        campaignUrl: DEMO_DOLLAR_CAMPAIGN,
        currencyId: 2,
        amount: 5,
        tipOrAdminFeeAmount: 0,
        paymentMethod: 2,
      }),
    );
    expect(visitor.userId).toBeNull();
  });
});

describe('validation (SPEC §5 messages over HTTP)', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['payment type', { type: undefined }, 'type', DONATION_MESSAGES.paymentType],
    ['currency', { currencyId: 7 }, 'currencyId', DONATION_MESSAGES.currency],
    ['amount missing', { amount: undefined }, 'amount', DONATION_MESSAGES.amountRequired],
    ['amount too large', { amount: 1_000_000_001 }, 'amount', DONATION_MESSAGES.amountMax],
    ['rand minimum', { amount: 19.99 }, 'amount', DONATION_MESSAGES.amountMinRand],
    [
      'dollar minimum',
      { currencyId: 2, amount: 4.99, paymentMethod: 2 },
      'amount',
      DONATION_MESSAGES.amountMinDollar,
    ],
    ['decimals', { amount: 20.005 }, 'amount', DONATION_MESSAGES.amountDecimals],
    ['payment method', { paymentMethod: undefined }, 'paymentMethod', DONATION_MESSAGES.paymentMethod],
    ['first name', { firstName: 'Th@bo' }, 'firstName', DONATION_MESSAGES.firstNameCharacters],
    ['surname', { lastName: 'Mok<oena>' }, 'lastName', DONATION_MESSAGES.lastNameCharacters],
    ['email', { email: 'not-an-email' }, 'email', DONATION_MESSAGES.invalidEmail],
    ['mobile', { mobileNumber: '0821' }, 'mobileNumber', 'Please complete mobile number'],
    ['anonymous', { anonymous: undefined }, 'anonymous', DONATION_MESSAGES.anonymous],
    ['display name', { displayName: 'x'.repeat(30) }, 'displayName', DONATION_MESSAGES.displayNameTooLong],
    ['comment', { comment: 'x'.repeat(351) }, 'comment', DONATION_MESSAGES.commentTooLong],
    [
      'display name with a right-to-left override',
      { displayName: 'Anon\u202Eevil' },
      'displayName',
      'Display name cannot contain line breaks or hidden characters.',
    ],
    [
      'display name with a line break',
      { displayName: 'Anon\r\nBcc: x' },
      'displayName',
      'Display name cannot contain line breaks or hidden characters.',
    ],
    [
      'comment with a bidi isolate',
      { comment: 'Good luck\u2067!' },
      'comment',
      'Comment cannot contain hidden control or text-direction characters.',
    ],
    ['tip missing', { tipOrAdminFeeAmount: undefined }, 'tipOrAdminFeeAmount', DONATION_MESSAGES.tipRequired],
    ['tip negative', { tipOrAdminFeeAmount: -1 }, 'tipOrAdminFeeAmount', DONATION_MESSAGES.tipNegative],
    [
      'tip too large',
      { tipOrAdminFeeAmount: 1_000_000_001 },
      'tipOrAdminFeeAmount',
      DONATION_MESSAGES.tipMax,
    ],
    [
      'tip over 30 %',
      { amount: 100, tipOrAdminFeeAmount: 30.01 },
      'tipOrAdminFeeAmount',
      'The tip can be at most 30% of the donation.',
    ],
    [
      'method not offered',
      { paymentMethod: PaymentGateway.Paysoft },
      'paymentMethod',
      'This payment method is not available for this campaign and currency.',
    ],
  ];
  it.each(cases)('%s', async (_name, overrides, field, message) => {
    const token = await demoToken('zanele');
    expectFieldError(await donate(donationBody(overrides), token), field, message);
  });

  it('takes a tip of exactly 30 % and a display name of 29 characters', async () => {
    const token = await demoToken('zanele');
    const d = await donated(
      donationBody({ amount: 100, tipOrAdminFeeAmount: 30, displayName: 'x'.repeat(29) }),
      token,
    );
    expect(d.tipOrAdminFeeAmount).toBe(30);
  });
});

describe('PATCH /donations/{token}', () => {
  it('never marks a donation paid: status 1 is refused and the donation stays Pending', async () => {
    const d = await donated(donationBody(), await demoToken('zanele'));
    const res = await patch(d.jwtTokenStringDonationId, { status: DonationStatus.Accepted });
    expectFieldError(res, 'status', 'A donation is marked paid only when its payment is confirmed.');
    const after = await getDonation(d.jwtTokenStringDonationId);
    expect(after.body.data.status).toBe(DonationStatus.Pending);
    expect(after.body.data.settledAt).toBeNull();
  });

  it('lets the donor change what is shown, then cancel; after that nothing changes', async () => {
    const d = await donated(donationBody());
    const edited = await patch(d.jwtTokenStringDonationId, {
      comment: 'Go well',
      displayName: 'A friend',
      anonymous: true,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.meta.message).toBe('Donation updated.');
    expect(edited.body.data).toMatchObject({
      comment: 'Go well',
      displayName: 'A friend',
      anonymous: true,
      status: 0,
    });
    const cancelled = await patch(d.jwtTokenStringDonationId, {
      status: DonationStatus.CanceledAtTransaction,
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.data.status).toBe(DonationStatus.CanceledAtTransaction);
    const again = await patch(d.jwtTokenStringDonationId, { comment: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(again.body.meta.message).toBe('This donation can no longer be changed.');
  });

  it('404s a token that is not a donation token', async () => {
    const d = await donated(donationBody());
    const forged = `${d.jwtTokenStringDonationId.slice(0, -4)}AAAA`;
    for (const token of [forged, d.id, 'nonsense']) {
      const res = await patch(token, { comment: 'x' });
      expect(res.status, token).toBe(404);
      expect(res.body.meta.message).toBe('Donation not found.');
    }
  });
});

describe('GET /donations/list/{id}', () => {
  it('shows the donation and its campaign to the token holder', async () => {
    const d = await donated(donationBody());
    const res = await getDonation(d.jwtTokenStringDonationId);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      id: d.id,
      status: 0,
      transactionInfo: { referenceNumber: d.transactionInfo.referenceNumber },
    });
    expect(res.body.data.transactionInfo.bankingDetails).not.toBeNull();
    expect(res.body.data.campaign).toMatchObject({ url: DEMO_RAND_CAMPAIGN, currency: { id: 1 } });
    expect(res.body.data.campaign).toHaveProperty('thankYouMessage');
  });

  it('by id: the donor, the campaign owner and an admin; others 403, visitors 401, unknown 404', async () => {
    const donor = await demoToken('zanele');
    const d = await donated(donationBody(), donor);
    for (const key of ['zanele', 'sipho', 'nomvula'] as const) {
      const res = await getDonation(d.id, await demoToken(key));
      expect(res.status, `${key}: ${res.text}`).toBe(200);
      // The token is the donor's lasting authority over the donation: only the donor gets it.
      expect(res.body.data.jwtTokenStringDonationId, key).toBe(
        key === 'zanele' ? d.jwtTokenStringDonationId : null,
      );
    }
    const stranger = await getDonation(d.id, await demoToken('kagiso'));
    expect(stranger.status).toBe(403);
    expect((await getDonation(d.id)).status).toBe(401);
    const unknown = await getDonation('00000000-0000-4000-8000-000000000000', donor);
    expect(unknown.status).toBe(404);
    expect(unknown.body.meta.message).toBe('Donation not found.');
  });

  it('the owner of a fresh campaign sees its donations by id', async () => {
    const owner = await demoToken('lerato');
    const campaign = await launchedCampaign(owner);
    const d = await donated(donationBody({ campaignUrl: undefined, campaignId: campaign.id }));
    const res = await getDonation(d.id, owner);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.campaign?.id).toBe(campaign.id);
  });
});
