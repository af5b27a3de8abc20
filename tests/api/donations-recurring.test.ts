import { describe, expect, it } from 'vitest';
import type {
  CreatedRecurrence,
  Recurrence,
  RecurrenceDetail,
  RecurringChargesPage,
} from '~/lib/contracts/donations';
import type { ReceiptRequestResult } from '~/lib/contracts/receipts';
import { DonationStatus, PaymentGateway, RecurringStatus } from '~/lib/enums';
import { DONATION_MESSAGES } from '~/lib/schemas/donation';
import { payfastApiSignature } from '~/lib/server/payments/payfastSignature';
import { eventually } from '../support/eventually';
import { mailsTo, type OutboxMail, send, verifyAndLogin } from './support/accounts';
import { demoToken, launchedCampaign } from './support/campaigns';
import { DEMO_RAND_CAMPAIGN, DEMO_RECURRING_CAMPAIGN, donationBody, solveCaptcha } from './support/donations';
import { baseUrl } from './support/http';
import { registerOrganisation } from './support/registeredOrganisation';

/** A monthly donation body: R 200 + R 20 tip, on the 15th, for 6 months (term 3). */
function recurringBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return donationBody({
    campaignUrl: DEMO_RECURRING_CAMPAIGN,
    paymentMethod: PaymentGateway.PayFast,
    amount: 200,
    tipOrAdminFeeAmount: 20,
    term: 3,
    deductionDate: 1,
    cardConsent: true,
    mobileNumber: '0821234567',
    ...overrides,
  });
}

const create = (body: Record<string, unknown>, token?: string) =>
  send<CreatedRecurrence>('POST', '/api/v1/donationsscheduler', body, token);
const read = (id: string, token?: string) =>
  send<RecurrenceDetail>('GET', `/api/v1/donationsscheduler/${encodeURIComponent(id)}`, undefined, token);
const change = (id: string, body: unknown, token?: string) =>
  send<Recurrence>('PATCH', `/api/v1/donationsscheduler/${encodeURIComponent(id)}`, body, token);

/** Today in Johannesburg, as the server counts days. */
const today = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date());

/** Pays the first charge at the PayFast simulator as the donor would; returns the subscription token. */
async function payAtSimulator(created: CreatedRecurrence): Promise<string> {
  const form = created.transactionInfo.paymentForm;
  if (!form) throw new Error('no PayFast form');
  const page = await fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields) });
  const html = await page.text();
  expect(page.status, html.slice(0, 300)).toBe(200);
  const checkout = html.match(/name="checkout" value="([^"]+)"/)?.[1];
  if (!checkout) throw new Error(`no checkout id on the simulator page: ${html.slice(0, 300)}`);
  const paid = await fetch(`${baseUrl}/sandbox/payfast/eng/checkout`, {
    method: 'POST',
    body: new URLSearchParams({ checkout, choice: 'pay' }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  const itns = (await (await fetch(`${baseUrl}/sandbox/payfast/itns.json`)).json()) as {
    fields: [string, string][];
  }[];
  const itn = itns.find(
    (i) => new Map(i.fields).get('m_payment_id') === created.transactionInfo.referenceNumber,
  );
  const token = itn ? new Map(itn.fields).get('token') : undefined;
  if (!token) throw new Error('the simulator sent no ITN with a subscription token');
  return token;
}

/** The simulator's default sandbox passphrase (env.ts), which our subscription calls sign with. */
const PASSPHRASE = 'jt7NOE43FZPn';

/** The subscription as PayFast's API (the simulator) shows it: `status_text` ACTIVE, CANCELLED or COMPLETE. */
async function subscriptionAtPayfast(
  subscriptionToken: string,
): Promise<{ status_text: string; amount: number }> {
  const headers: Record<string, string> = {
    'merchant-id': '10000100',
    version: 'v1',
    timestamp: new Date().toISOString().slice(0, 19),
  };
  headers.signature = payfastApiSignature(headers, PASSPHRASE);
  const response = await fetch(`${baseUrl}/sandbox/payfast/api/subscriptions/${subscriptionToken}/fetch`, {
    headers,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { response: { status_text: string; amount: number } } }).data
    .response;
}

/** The donor's recurring donation as their list shows it, once `predicate` holds (settlement runs after the ITN is answered). */
async function pollRecurrence(
  accessToken: string,
  id: string,
  predicate: (r: Recurrence) => boolean,
): Promise<Recurrence> {
  return eventually(async () => {
    const res = await send<{ items: { donationScheduler: { recurrence: Recurrence } }[] }>(
      'GET',
      '/api/v1/donations/user/recurring?pageSize=50',
      undefined,
      accessToken,
    );
    const found = res.body.data.items
      .map((i) => i.donationScheduler.recurrence)
      .find((r) => r.donationSchedulerId === id);
    if (!found || !predicate(found))
      throw new Error(`recurring donation not as expected: ${JSON.stringify(found)}`);
    return found;
  });
}

describe('POST /donationsscheduler', () => {
  it('creates a pending monthly donation with a PayFast subscription form', async () => {
    const token = await demoToken('pieter');
    const res = await create(recurringBody({ onceOffAmount: 100 }), token);
    expect(res.status, res.text).toBe(201);
    expect(res.body.meta.message).toBe('Donation created.');
    const r = res.body.data;
    expect(r).toMatchObject({
      amount: 200,
      tipOrAdminFeeAmount: 20,
      onceOffAmount: 100,
      term: 3,
      deductionDate: 1,
      cycles: 6,
      deductionsMade: 0,
      status: RecurringStatus.PendingSettlement,
      paymentMethod: PaymentGateway.PayFast,
      currency: { id: 1, ticker: 'ZAR' },
      campaign: { url: DEMO_RECURRING_CAMPAIGN },
      cancelledAt: null,
    });
    expect(r.jwtTokenStringDonationId).toBeTypeOf('string');
    // First charge now: monthly amount + tip + once-off; then the 15th, at least a month from today.
    expect(r.transactionInfo).toMatchObject({ type: PaymentGateway.PayFast, amount: 320 });
    expect(r.transactionInfo.referenceNumber).toMatch(/^LTR-[A-Z2-7]{10}$/);
    const fields = r.transactionInfo.paymentForm?.fields ?? {};
    expect(fields).toMatchObject({
      subscription_type: '1',
      frequency: '3',
      cycles: '6',
      amount: '320.00',
      recurring_amount: '220.00',
    });
    expect(fields.billing_date).toMatch(/^\d{4}-\d{2}-15$/);
    expect(r.nextDeductionDate).toBe(fields.billing_date);
    // At least a month away, so the donor is never charged twice within days.
    const gapDays = (Date.parse(String(fields.billing_date)) - Date.parse(today())) / 86_400_000;
    expect(gapDays).toBeGreaterThanOrEqual(28);
    expect(gapDays).toBeLessThanOrEqual(62);
  });

  it('takes a visitor with a captcha, and refuses one without', async () => {
    const missing = await create(recurringBody());
    expect(missing.status).toBe(400);
    expect(missing.body.meta.message).toBe('The reCAPTCHA verification failed. Please try again.');
    const ok = await create(recurringBody({ recaptchaToken: await solveCaptcha() }));
    expect(ok.status, ok.text).toBe(201);
  });

  it('refuses campaigns without recurring giving, other methods, and dollars', async () => {
    const token = await demoToken('pieter');
    const plain = await create(recurringBody({ campaignUrl: DEMO_RAND_CAMPAIGN }), token);
    expect(plain.status).toBe(400);
    expect(plain.body.meta.message).toBe('This campaign does not take recurring donations.');
    const mine = await launchedCampaign(await demoToken('lerato'));
    const fresh = await create(recurringBody({ campaignUrl: undefined, campaignId: mine.id }), token);
    expect(fresh.body.meta.message).toBe('This campaign does not take recurring donations.');
    for (const overrides of [
      { paymentMethod: PaymentGateway.EFT },
      { currencyId: 2, paymentMethod: PaymentGateway.PayPal },
    ]) {
      const res = await create(recurringBody(overrides), token);
      expect(res.status, res.text).toBe(400);
      expect(res.body.data).toEqual({
        paymentMethod: ['This payment method is not available for this campaign and currency.'],
      });
    }
  });

  it('gives the recurring rules their SPEC §5 messages', async () => {
    const token = await demoToken('pieter');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ term: undefined }, 'term', DONATION_MESSAGES.term],
      [{ deductionDate: 9 }, 'deductionDate', DONATION_MESSAGES.deductionDay],
      [{ mobileNumber: '' }, 'mobileNumber', DONATION_MESSAGES.mobileRequired],
      [{ cardConsent: false }, 'cardConsent', DONATION_MESSAGES.cardConsent],
      [{ onceOffAmount: -5 }, 'onceOffAmount', DONATION_MESSAGES.onceOffAmount],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await create(recurringBody(overrides), token);
      expect(res.status, res.text).toBe(400);
      expect((res.body.data as unknown as Record<string, string[]>)[field]).toContain(message);
    }
  });
});

describe('GET /donationsscheduler/{id}', () => {
  it("shows the token's holder the schedule, and follows its first charge to Active", async () => {
    const created = (await create(recurringBody({ recaptchaToken: await solveCaptcha() }))).body.data;
    const token = created.jwtTokenStringDonationId;
    const pending = await read(token);
    expect(pending.status, pending.text).toBe(200);
    expect(pending.body.data).toMatchObject({
      donationSchedulerId: created.donationSchedulerId,
      jwtTokenStringDonationId: token,
      amount: 200,
      tipOrAdminFeeAmount: 20,
      status: RecurringStatus.PendingSettlement,
      campaign: { url: DEMO_RECURRING_CAMPAIGN },
      currency: { id: 1, ticker: 'ZAR' },
    });
    // What /thanks polls for: the paid first charge turns the schedule Active.
    await payAtSimulator(created);
    await eventually(async () => expect((await read(token)).body.data.status).toBe(RecurringStatus.Active));
  });

  it('by id as the PATCH: the donor and an admin; another user 403; no session 401; a forged token 404', async () => {
    const donor = await demoToken('pieter');
    const created = (await create(recurringBody(), donor)).body.data;
    const byDonor = await read(created.donationSchedulerId, donor);
    expect(byDonor.status, byDonor.text).toBe(200);
    expect(byDonor.body.data.jwtTokenStringDonationId).toBeTypeOf('string');
    expect((await read(created.donationSchedulerId, await demoToken('nomvula'))).status).toBe(200);
    const stranger = await read(created.donationSchedulerId, await demoToken('kagiso'));
    expect(stranger.status).toBe(403);
    expect((await read(created.donationSchedulerId)).status).toBe(401);
    for (const forged of ['not-a-token', `${created.jwtTokenStringDonationId.slice(0, -4)}AAAA`]) {
      const res = await read(forged);
      expect(res.status).toBe(404);
      expect(res.body.meta.message).toBe('Donation not found.');
    }
    // A once-off donation's token names no schedule.
    const onceOff = await send<{ jwtTokenStringDonationId: string }>(
      'POST',
      '/api/v1/donations/logged-in',
      donationBody(),
      donor,
    );
    expect(onceOff.status, onceOff.text).toBe(201);
    expect((await read(onceOff.body.data.jwtTokenStringDonationId)).status).toBe(404);
  });
});

describe('PATCH /donationsscheduler/{id}', () => {
  it('changes amount, term and day once the first payment went through, then cancels; an ended one cannot change', async () => {
    const created = (await create(recurringBody({ recaptchaToken: await solveCaptcha() }))).body.data;
    const token = created.jwtTokenStringDonationId;
    await payAtSimulator(created);
    await eventually(async () => expect((await read(token)).body.data.status).toBe(RecurringStatus.Active));
    const changed = await change(token, { amount: 300, term: 4, deductionDate: 2 });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.meta.message).toBe('Donation updated');
    // The tip keeps its share (10 %).
    expect(changed.body.data).toMatchObject({
      amount: 300,
      tipOrAdminFeeAmount: 30,
      term: 4,
      deductionDate: 2,
      cycles: 12,
    });
    expect(changed.body.data.nextDeductionDate).toMatch(/-25$/);
    const invalid = await change(token, { amount: 10, term: 4, deductionDate: 2 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.data).toMatchObject({ amount: [DONATION_MESSAGES.amountMinRand] });

    const cancelled = await change(token, { donationSchedulerStatus: 4 });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.meta.message).toBe('Donation cancelled');
    expect(cancelled.body.data.status).toBe(RecurringStatus.CanceledAtManage);
    expect(cancelled.body.data.cancelledAt).toBeTypeOf('string');
    const again = await change(token, { amount: 400, term: 4, deductionDate: 2 });
    expect(again.status).toBe(409);
    expect(again.body.meta.message).toBe('This recurring donation has already ended.');
  });

  it('before the first payment: no change (PayFast holds the checkout as signed), but a cancel', async () => {
    const created = (await create(recurringBody({ recaptchaToken: await solveCaptcha() }))).body.data;
    const token = created.jwtTokenStringDonationId;
    const early = await change(token, { amount: 300, term: 4, deductionDate: 2 });
    expect(early.status, early.text).toBe(409);
    expect(early.body.meta.message).toBe(
      'This monthly donation can be changed once its first payment has gone through.',
    );
    const unchanged = (await read(token)).body.data;
    expect(unchanged).toMatchObject({ amount: 200, tipOrAdminFeeAmount: 20, term: 3, deductionDate: 1 });
    const cancelled = await change(token, { donationSchedulerStatus: 4 });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.data.status).toBe(RecurringStatus.CanceledAtManage);
  });

  it('cancelled before paying, then paid in a tab left open: the charge counts and PayFast stops the subscription', async () => {
    const donor = await demoToken('pieter');
    const created = (await create(recurringBody({ term: 0 }), donor)).body.data;
    const cancelled = await change(created.donationSchedulerId, { donationSchedulerStatus: 4 }, donor);
    expect(cancelled.status, cancelled.text).toBe(200);

    // The checkout page was still open: the donor pays R 200 + R 20.
    const subscription = await payAtSimulator(created);
    const booked = await pollRecurrence(donor, created.donationSchedulerId, (r) => r.deductionsMade === 1);
    expect(booked.status).toBe(RecurringStatus.CanceledAtManage);
    // The subscription is cancelled at PayFast just after the charge is booked.
    await eventually(async () =>
      expect((await subscriptionAtPayfast(subscription)).status_text).toBe('CANCELLED'),
    );
    const refused = await fetch(`${baseUrl}/sandbox/payfast/api/subscriptions/${subscription}/charge`, {
      method: 'POST',
    });
    expect(refused.status).toBe(400);
    // Ended, so there is nothing more to change or cancel.
    const again = await change(created.donationSchedulerId, { donationSchedulerStatus: 4 }, donor);
    expect(again.status).toBe(409);
  });

  it('by id: the donor and an admin; others 403; a bad token 404', async () => {
    const donor = await demoToken('pieter');
    const created = (await create(recurringBody(), donor)).body.data;
    const stranger = await change(
      created.donationSchedulerId,
      { donationSchedulerStatus: 4 },
      await demoToken('kagiso'),
    );
    expect(stranger.status).toBe(403);
    const byDonor = await change(
      created.donationSchedulerId,
      { amount: 250, term: 3, deductionDate: 1 },
      donor,
    );
    // Reached the rules (before the first payment a change waits), not refused as a stranger.
    expect(byDonor.status, byDonor.text).toBe(409);
    const byAdmin = await change(
      created.donationSchedulerId,
      { donationSchedulerStatus: 4 },
      await demoToken('nomvula'),
    );
    expect(byAdmin.status, byAdmin.text).toBe(200);
    const bad = await change('not-a-token', { donationSchedulerStatus: 4 });
    expect(bad.status).toBe(404);
    expect(bad.body.meta.message).toBe('Donation not found.');
  });

  it('an active subscription: changes and cancelling reach PayFast (the simulator)', async () => {
    const donor = await demoToken('pieter');
    const created = (await create(recurringBody({ term: 0 }), donor)).body.data;
    const subscription = await payAtSimulator(created);
    const active = await pollRecurrence(
      donor,
      created.donationSchedulerId,
      (r) => r.status === RecurringStatus.Active,
    );
    expect(active).toMatchObject({ deductionsMade: 1, cycles: null });

    const changed = await change(
      created.donationSchedulerId,
      { amount: 250, term: 0, deductionDate: 1 },
      donor,
    );
    expect(changed.status, changed.text).toBe(200);
    // The simulator now bills the new amount (R 250 + R 25 tip) on the next charge.
    const charge = await fetch(`${baseUrl}/sandbox/payfast/api/subscriptions/${subscription}/charge`, {
      method: 'POST',
    });
    const charged = (await charge.json()) as { data: { response: { amount: number } } };
    expect(charge.status).toBe(200);
    expect(charged.data.response.amount).toBe(27500);
    await pollRecurrence(donor, created.donationSchedulerId, (r) => r.deductionsMade === 2);

    const cancelled = await change(created.donationSchedulerId, { donationSchedulerStatus: 4 }, donor);
    expect(cancelled.status, cancelled.text).toBe(200);
    const refused = await fetch(`${baseUrl}/sandbox/payfast/api/subscriptions/${subscription}/charge`, {
      method: 'POST',
    });
    expect(refused.status).toBe(400);
  });
});

/** A South African calendar day as the mails write it: '25 January 2027'. */
const longDay = (day: string): string =>
  new Intl.DateTimeFormat('en-ZA', { dateStyle: 'long', timeZone: 'Africa/Johannesburg' }).format(
    new Date(`${day}T12:00:00+02:00`),
  );

/** The one mail to `to` whose subject contains `subject` (sent before the PATCH answered). */
async function mailAbout(to: string, subject: string): Promise<OutboxMail> {
  const found = (await mailsTo(to)).filter((m) => m.subject.includes(subject));
  expect(found, `mails to ${to} about "${subject}"`).toHaveLength(1);
  return found[0] as OutboxMail;
}

async function activeSchedule(email: string, token?: string): Promise<CreatedRecurrence> {
  const body = recurringBody(token ? { email } : { email, recaptchaToken: await solveCaptcha() });
  const created = (await create(body, token)).body.data;
  await payAtSimulator(created);
  const key = token ? created.donationSchedulerId : created.jwtTokenStringDonationId;
  await eventually(async () =>
    expect((await read(key, token)).body.data.status).toBe(RecurringStatus.Active),
  );
  return created;
}

describe('/thanks for a monthly donation', () => {
  it('shows the next deduction date and why a month may be skipped', async () => {
    const created = (await create(recurringBody({ recaptchaToken: await solveCaptcha() }))).body.data;
    const next = created.nextDeductionDate as string;
    expect(next).toMatch(/-15$/);
    const res = await fetch(
      `${baseUrl}/thanks?donation=${encodeURIComponent(created.jwtTokenStringDonationId)}`,
    );
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('Next deduction');
    expect(html).toContain(longDay(next));
    expect(html).toContain('When a month may be skipped');
    expect(html).toContain('a 15th less than a month away is passed over');
  });
});

/** The mail to `to` whose subject contains `subject`, once it has been sent (receipts follow the payment). */
async function mailOnceSent(to: string, subject: string): Promise<OutboxMail> {
  return eventually(async () => {
    const found = (await mailsTo(to)).find((m) => m.subject.includes(subject));
    if (!found) throw new Error(`no mail to ${to} about "${subject}"`);
    return found;
  });
}

/** A form post to a page of the site, as a browser sends it (same origin, form encoded). */
const postForm = (path: string): Promise<Response> =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });

describe('/monthly-donation: a guest manages a monthly donation from the link in the mail', () => {
  it('the receipt links to it; opening it changes nothing; its form post cancels the donation', async () => {
    const email = `monthly-manage-${Date.now()}@letsema.test`;
    const created = await activeSchedule(email);
    const receipt = await mailOnceSent(email, 'Thank you for your donation');
    const link = receipt.links.find((l) => l.includes('/monthly-donation?token='));
    if (!link) throw new Error(`no management link in the receipt: ${receipt.links.join(' ')}`);
    const url = new URL(link);
    const path = `${url.pathname}${url.search}`;

    const shown = await fetch(`${baseUrl}${path}`);
    const html = await shown.text();
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('Your monthly donation');
    expect(html).toContain(created.campaign.name);
    expect(html).toContain('R 200.00');
    expect(html).toContain('Cancel monthly donation');
    // Opening the link (as a mail scanner does) changes nothing.
    const key = created.jwtTokenStringDonationId;
    expect((await read(key)).body.data.status).toBe(RecurringStatus.Active);

    const cancelled = await postForm(path);
    const after = await cancelled.text();
    expect(cancelled.status).toBe(200);
    expect(after).toContain('Donation cancelled');
    expect(after).not.toContain('Cancel monthly donation');
    expect((await read(key)).body.data.status).toBe(RecurringStatus.CanceledAtManage);
    await mailOnceSent(email, 'is cancelled');

    // Once ended, another post says so and changes nothing.
    const again = await postForm(path);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('This recurring donation has already ended.');
  });

  it('a forged token, or the schedule bare id, finds nothing and cancels nothing', async () => {
    const created = await activeSchedule(`monthly-forged-${Date.now()}@letsema.test`);
    const token = created.jwtTokenStringDonationId;
    const forged = `${token.slice(0, -2)}xx`;
    for (const key of [forged, created.donationSchedulerId, '']) {
      const page = await fetch(`${baseUrl}/monthly-donation?token=${encodeURIComponent(key)}`);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('We could not find this monthly donation');
      expect((await postForm(`/monthly-donation?token=${encodeURIComponent(key)}`)).status).toBe(404);
    }
    expect((await read(token)).body.data.status).toBe(RecurringStatus.Active);
  });
});

describe('mail to the donor when a monthly donation is changed or cancelled', () => {
  it('a guest with the token: the new amount, day and next date, then no further deductions', async () => {
    const email = `monthly-guest-${Date.now()}@letsema.test`;
    const created = await activeSchedule(email);
    const token = created.jwtTokenStringDonationId;
    const changed = await change(token, { amount: 300, term: 4, deductionDate: 2 });
    expect(changed.status, changed.text).toBe(200);
    const next = changed.body.data.nextDeductionDate as string;

    const changeMail = await mailAbout(email, 'has changed');
    expect(changeMail.subject).toBe(`Your monthly donation to ${created.campaign.name} has changed`);
    expect(changeMail.text).toContain('R 330.00 will be deducted from your card on the 25th of each month');
    expect(changeMail.text).toContain('R 300.00');
    expect(changeMail.text).toContain(`The next deduction is on ${longDay(next)}.`);
    expect(changeMail.text).toContain('12 months');
    // A guest manages it on its own page, with the schedule's token.
    expect(changeMail.links.some((l) => l.includes('/monthly-donation?token='))).toBe(true);

    const cancelled = await change(token, { donationSchedulerStatus: 4 });
    expect(cancelled.status, cancelled.text).toBe(200);
    const cancelMail = await mailAbout(email, 'is cancelled');
    expect(cancelMail.subject).toBe(`Your monthly donation to ${created.campaign.name} is cancelled`);
    expect(cancelMail.text).toContain('There will be no further deductions from your card');
    expect(cancelMail.text).toContain(longDay(today()));
    expect(cancelMail.text).toContain('Deductions made: 1');
    // A refused change sends nothing.
    expect((await change(token, { amount: 400, term: 4, deductionDate: 2 })).status).toBe(409);
    expect((await mailsTo(email)).filter((m) => m.subject.includes('monthly donation to'))).toHaveLength(2);
  });

  it('a signed-in donor by id: both mails, pointing to My Donations', async () => {
    const donor = await verifyAndLogin({ firstName: 'Lindiwe', lastName: 'Monthly' });
    const created = await activeSchedule(donor.email, donor.accessToken);
    const changed = await change(
      created.donationSchedulerId,
      { amount: 250, term: 0, deductionDate: 0 },
      donor.accessToken,
    );
    expect(changed.status, changed.text).toBe(200);
    const changeMail = await mailAbout(donor.email, 'has changed');
    expect(changeMail.text).toContain('R 275.00 will be deducted from your card on the 1st of each month');
    expect(changeMail.text).toContain(
      `The next deduction is on ${longDay(changed.body.data.nextDeductionDate as string)}.`,
    );
    expect(changeMail.text).toContain('Until cancelled');
    expect(changeMail.links.some((l) => l.includes('/profile?tab=3'))).toBe(true);

    const cancelled = await change(
      created.donationSchedulerId,
      { donationSchedulerStatus: 4 },
      donor.accessToken,
    );
    expect(cancelled.status, cancelled.text).toBe(200);
    const cancelMail = await mailAbout(donor.email, 'is cancelled');
    expect(cancelMail.text).toContain('There will be no further deductions from your card');
  });
});

describe('GET /donationsscheduler/{id}/charges', () => {
  const charges = (id: string, token?: string) =>
    send<RecurringChargesPage>(
      'GET',
      `/api/v1/donationsscheduler/${encodeURIComponent(id)}/charges`,
      undefined,
      token,
    );

  it('lists each charge, newest first, and each accepted one to a PBO gets its own Section 18A receipt', async () => {
    const org = await registerOrganisation(`Monthly Receipts Trust ${Date.now()}`, {
      pboNumber: '930077123',
    });
    const campaign = await launchedCampaign(org.owner.accessToken, {
      organisation: org.id,
      settings: { isTaxBenefit: true, isRecurringGivingCampaign: true },
    });
    const donor = await verifyAndLogin({ firstName: 'Lerato', lastName: 'Monthly' });
    const created = (
      await create(
        recurringBody({ campaignUrl: campaign.url, term: 0, email: donor.email }),
        donor.accessToken,
      )
    ).body.data;
    const id = created.donationSchedulerId;
    expect((await charges(id, donor.accessToken)).body.data.items).toEqual([]);

    const subscription = await payAtSimulator(created);
    await pollRecurrence(donor.accessToken, id, (r) => r.deductionsMade === 1);
    const second = await fetch(`${baseUrl}/sandbox/payfast/api/subscriptions/${subscription}/charge`, {
      method: 'POST',
    });
    expect(second.status).toBe(200);
    await pollRecurrence(donor.accessToken, id, (r) => r.deductionsMade === 2);

    const listed = await charges(id, donor.accessToken);
    expect(listed.status, listed.text).toBe(200);
    const items = listed.body.data.items.map((item) => item.donation);
    expect(items).toHaveLength(2);
    expect(listed.body.data.paginationMetadata).toMatchObject({ totalCount: 2, pageNo: 1 });
    const [latest, first] = items;
    if (!latest || !first) throw new Error('two charges expected');
    expect(Date.parse(latest.createdAt)).toBeGreaterThanOrEqual(Date.parse(first.createdAt));
    for (const charge of items) {
      expect(charge).toMatchObject({
        status: DonationStatus.Accepted,
        amount: 200,
        campaign: { url: campaign.url },
        receipt: { qualifies: true, issued: null },
      });
    }

    // The later charge's receipt, asked for by its id while signed in, as My Donations does.
    const issued = await send<ReceiptRequestResult>(
      'POST',
      `/api/v1/donations/${latest.id}/receipt`,
      {
        fullName: 'Lerato Monthly',
        idType: 'taxNumber',
        idNumber: '0123456789',
        address: '4 Long Street\nCape Town 8001',
      },
      donor.accessToken,
    );
    expect(issued.status, issued.text).toBe(201);
    expect(issued.body.data.receipt).toMatchObject({ number: 1, amount: 200 });
    const after = (await charges(id, donor.accessToken)).body.data.items.map((item) => item.donation);
    expect(after.map((charge) => charge.receipt.issued?.number ?? null)).toEqual([1, null]);

    // The schedule's token (its holder is the donor) reads the same list without a session.
    const byToken = await charges(created.jwtTokenStringDonationId);
    expect(byToken.status, byToken.text).toBe(200);
    expect(byToken.body.data.items.map((item) => item.donation.id)).toEqual([latest.id, first.id]);
  });

  it('is only for the donor: 401 by id without a session, 403 for someone else, 404 for an unknown key', async () => {
    const donor = await demoToken('pieter');
    const created = (await create(recurringBody(), donor)).body.data;
    const stranger = await verifyAndLogin({ firstName: 'Sipho', lastName: 'Stranger' });

    const signedOut = await charges(created.donationSchedulerId);
    expect(signedOut.status).toBe(401);
    const someoneElse = await charges(created.donationSchedulerId, stranger.accessToken);
    expect(someoneElse.status).toBe(403);
    expect(someoneElse.body.meta.message).toBe('You do not have permission to see this donation.');
    expect(someoneElse.body.data).toBeNull();
    for (const key of ['not-a-token', '00000000-0000-4000-8000-000000000000']) {
      const unknown = await charges(key, donor);
      expect(unknown.status, key).toBe(404);
      expect(unknown.body.meta.message).toBe('Donation not found.');
    }
    const own = await charges(created.donationSchedulerId, donor);
    expect(own.status, own.text).toBe(200);
  });
});
