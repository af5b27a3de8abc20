import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DonationFormCampaign } from '~/islands/donation/donationFormCampaign';
import {
  anonymityOf,
  postedDonationInput,
  readPostedDonationForm,
  refillStart,
  typedBeforeHydration,
} from '~/islands/donation/donationFormData';
import { EMPTY_DONATION_VALUES } from '~/islands/donation/donationValues';
import { Currency, DonationStatus, DonationType, PaymentGateway } from '~/lib/enums';
import { prepareServerTestEnv } from '../support/serverEnv';

// The donation form posted without JavaScript (issue 23, docs/api/donations.md "Without
// JavaScript"): the posted fields become the JSON API's body, and the guards that stand in for
// the captcha (a honeypot, a minimum fill time, the address's limit) refuse before anything is stored.

const testEnv = prepareServerTestEnv();
const { closeDb, getDb } = await import('~/lib/server/db');
const { donations } = await import('~/lib/server/db/schema');
const form = await import('~/lib/server/donations/form');
const { limitOf, RATE_LIMITS } = await import('~/lib/server/platform/rateLimit');

const campaign: DonationFormCampaign = {
  id: '0b0f6c1e-4a57-4d1f-9a52-6f1e0c3d2b11',
  name: 'Help Lwazi walk again',
  campaignSetting: {
    currency: { id: Currency.Rand },
    showGateways: { paysoft: false, payPal: true, payfast: true, ozow: true, snapscan: false },
    isRecurringGivingCampaign: false,
    isAdminFee: false,
    adminFeeRate: 0,
  },
  defaultTipPercentage: 12,
};

const post = (fields: Record<string, string>): URLSearchParams => new URLSearchParams(fields);
const filled = {
  donationKind: 'once-off',
  currency: '1',
  amount: '250',
  tipPercentage: '10',
  paymentMethod: String(PaymentGateway.EFT),
  firstName: 'Thabo',
  lastName: 'Mokoena',
  email: 'thabo@example.co.za',
  mobileNumber: '082 123 4567',
  displayName: 'The Mokoenas',
  comment: 'Walk tall, Lwazi.',
  website: '',
  formStamp: 'stamp',
};

beforeAll(async () => {
  await getDb();
}, 60_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

describe('a posted donation form', () => {
  it('becomes the body POST /donations takes, the tip from the slider', () => {
    const posted = readPostedDonationForm(post(filled), campaign);
    expect(posted.honeypot).toBe('');
    expect(posted.choices).toEqual({
      recurring: false,
      currencyId: Currency.Rand,
      tipPercentage: 10,
      adminFeeRate: null,
    });
    expect(postedDonationInput(posted, campaign)).toEqual({
      campaignId: campaign.id,
      type: DonationType.OneOff,
      currencyId: Currency.Rand,
      amount: 250,
      tipOrAdminFeeAmount: 25,
      paymentMethod: PaymentGateway.EFT,
      firstName: 'Thabo',
      lastName: 'Mokoena',
      email: 'thabo@example.co.za',
      mobileNumber: '082 123 4567',
      anonymous: false,
      displayName: 'The Mokoenas',
      comment: 'Walk tall, Lwazi.',
    });
  });

  it('says where the donor came from: the hidden ?ref= channel, else direct', () => {
    const from = (referralChannel: string) => {
      const fields = post({ ...filled, referralChannel });
      const posted = readPostedDonationForm(fields, campaign);
      posted.choices.referralChannel = form.postedReferralChannel(fields);
      return postedDonationInput(posted, campaign);
    };
    expect(from('whatsapp')).toMatchObject({ referralChannel: 'whatsapp' });
    expect(from('qr')).toMatchObject({ referralChannel: 'qr' });
    expect(from('<script>')).toMatchObject({ referralChannel: 'direct' });
    expect(from('unknown')).toMatchObject({ referralChannel: 'direct' });
  });

  it('reads anonymity from the checkbox (ticked: anonymous; absent or anything else: not)', () => {
    expect(['yes', 'on', 'true', 'YES'].map(anonymityOf)).toEqual([true, true, true, true]);
    expect(['no', 'false', '', null].map(anonymityOf)).toEqual([false, false, false, false]);
    expect(postedDonationInput(readPostedDonationForm(post(filled), campaign), campaign)).toMatchObject({
      anonymous: false,
    });
    expect(
      postedDonationInput(readPostedDonationForm(post({ ...filled, anonymous: 'on' }), campaign), campaign),
    ).toMatchObject({ anonymous: true });
  });

  it('takes only a known currency and a tip the slider could show', () => {
    const odd = readPostedDonationForm(post({ ...filled, currency: '7', tipPercentage: '99' }), campaign);
    expect(odd.choices.currencyId).toBe(Currency.Rand);
    expect(odd.choices.tipPercentage).toBe(30);
    const missing = readPostedDonationForm(post({ amount: '100' }), campaign);
    expect(missing.choices.tipPercentage).toBe(12);
    expect(missing.values.firstName).toBe('');
  });

  it('tells a monthly post and a filled honeypot', () => {
    const posted = readPostedDonationForm(
      post({ ...filled, donationKind: 'monthly', website: 'x' }),
      campaign,
    );
    expect(posted.choices.recurring).toBe(true);
    expect(posted.honeypot).toBe('x');
  });

  it('finds what was typed before the island hydrated', () => {
    const current = { ...EMPTY_DONATION_VALUES, paymentMethod: String(PaymentGateway.PayFast) };
    const typed = typedBeforeHydration(post({ ...filled, cardConsent: 'on' }), current);
    expect(typed).toMatchObject({ amount: '250', email: 'thabo@example.co.za', cardConsent: true });
    expect(typed.paymentMethod).toBe(String(PaymentGateway.EFT));
    // An untouched radio group posts nothing, and nothing changes for it.
    expect(typedBeforeHydration(post({ amount: '' }), EMPTY_DONATION_VALUES)).toEqual({});
  });

  it('fills the form again from a returned donation, and tells a declined payment from a cancel', () => {
    const returned = {
      currencyId: Currency.Rand,
      amount: 250,
      tipOrAdminFeeAmount: 25,
      paymentMethod: PaymentGateway.PayFast,
      firstName: 'Thabo',
      lastName: 'Mokoena',
      email: 'thabo@example.co.za',
      mobileNumber: null,
      anonymous: true,
      displayName: null,
      comment: 'Go well',
      status: DonationStatus.CanceledAtTransaction,
      transactionInfo: { adminFeeCovered: false },
    };
    const start = refillStart(returned, campaign);
    expect(start.returned).toBe(true);
    expect(start.declined).toBe(false);
    expect(refillStart({ ...returned, status: DonationStatus.Rejected }, campaign).declined).toBe(true);
    expect(start.tipPercentage).toBe(10);
    expect(start.values).toMatchObject({
      amount: '250',
      paymentMethod: String(PaymentGateway.PayFast),
      anonymous: true,
      mobileNumber: '',
      comment: 'Go well',
    });
  });
});

describe('the render stamp', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');

  it('passes from 3 seconds after the render to a day after', () => {
    const stamp = form.signFormStamp(campaign.id, now);
    expect(form.checkFormStamp(stamp, campaign.id, now + 1_000)).toBe('too-fast');
    expect(form.checkFormStamp(stamp, campaign.id, now + form.FORM_MIN_FILL_MS)).toBe('ok');
    expect(form.checkFormStamp(stamp, campaign.id, now + form.FORM_STAMP_MAX_AGE_MS)).toBe('ok');
    expect(form.checkFormStamp(stamp, campaign.id, now + form.FORM_STAMP_MAX_AGE_MS + 1)).toBe('expired');
  });

  it('is refused for another campaign, changed, or made up', () => {
    const stamp = form.signFormStamp(campaign.id, now);
    expect(form.checkFormStamp(stamp, '5f0c6a8e-3d1b-4c8e-9f4a-2b7d1e6c9a30', now + 5_000)).toBe('invalid');
    const earlier = stamp.replace(/^\d+/, String(now - 60_000));
    expect(form.checkFormStamp(earlier, campaign.id, now + 5_000)).toBe('invalid');
    expect(form.checkFormStamp('', campaign.id, now)).toBe('invalid');
  });
});

describe('the guards of a post', () => {
  const input = postedDonationInput(readPostedDonationForm(post(filled), campaign), campaign);
  const rendered = Date.now() - 60_000;
  const good = { input, monthly: false, honeypot: '', stamp: form.signFormStamp(campaign.id, rendered) };
  const countDonations = async () => (await (await getDb()).select().from(donations)).length;

  it('refuses a filled honeypot and a post too soon after the render, storing nothing', async () => {
    const before = await countDonations();
    const options = { campaignId: campaign.id, remoteAddress: '198.51.100.1' };
    const bot = await form.submitDonationForm({ ...good, honeypot: 'https://spam.example' }, options);
    expect(bot).toMatchObject({ kind: 'refused', status: 400, notice: form.DONATION_FORM_MESSAGES.refused });
    const quick = await form.submitDonationForm({ ...good, stamp: form.signFormStamp(campaign.id) }, options);
    expect(quick).toMatchObject({
      kind: 'refused',
      status: 400,
      notice: form.DONATION_FORM_MESSAGES.tooFast,
    });
    // The second press keeps the stamp, so it passes once the time is up.
    expect(quick.kind === 'refused' && quick.stamp).toMatch(/^\d{13}\./);
    const monthly = await form.submitDonationForm({ ...good, monthly: true }, options);
    expect(monthly).toMatchObject({
      onceOff: true,
      notice: form.DONATION_FORM_MESSAGES.monthlyNeedsJavaScript,
    });
    expect(await countDonations()).toBe(before);
  });

  it("checks the schema's messages first, field by field", async () => {
    const bad = { ...input, amount: 5, email: 'thabo@', firstName: 'Th@bo' };
    const refused = await form.submitDonationForm(
      { ...good, input: bad, stamp: form.signFormStamp(campaign.id) },
      { campaignId: campaign.id, remoteAddress: '198.51.100.2' },
    );
    expect(refused).toMatchObject({
      kind: 'refused',
      status: 400,
      errors: {
        amount: 'The minimum amount is R 20',
        email: 'Invalid email format.',
        firstName: 'First name should not contain any special characters',
      },
    });
  });

  it('counts every post against the address, refused ones too', async () => {
    const options = { campaignId: campaign.id, remoteAddress: '198.51.100.3' };
    const bot = { ...good, honeypot: 'x' };
    for (let i = 0; i < limitOf(RATE_LIMITS.donationAddress); i++)
      expect(await form.submitDonationForm(bot, options)).toMatchObject({ status: 400 });
    const over = await form.submitDonationForm(good, options);
    expect(over).toMatchObject({ kind: 'refused', status: 429 });
    expect(over.kind === 'refused' && over.notice).toMatch(/^Too many requests/);
    // Another address is not held back.
    const other = await form.submitDonationForm(bot, { ...options, remoteAddress: '198.51.100.4' });
    expect(other).toMatchObject({ status: 400 });
  });
});
