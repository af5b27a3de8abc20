import { createHmac, hkdfSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DonationStatus } from '~/lib/enums';
import { DONATION_FORM_MESSAGES } from '~/lib/server/donations/form';
import { startServer } from '../../scripts/test-support/server.mjs';
import { latestMail, mailsTo } from './support/accounts';
import { DEMO_RAND_CAMPAIGN, donated, donationBody, donorEmail, pollDonation } from './support/donations';
import { getData, page } from './support/http';
import { payAtSimulator } from './support/payfast';

// The donation page without JavaScript (issue 23, docs/api/donations.md "Without JavaScript"):
// the page is a real form that posts to itself; the server checks it with the JSON API's schema
// and answers with the gateway hand-off, the EFT details, or the form again with its messages
// and every value kept. A honeypot and a minimum fill time stand in for the captcha. And back
// from a cancelled payment, the page comes back filled from the donation itself.

const PATH = `/donation/${DEMO_RAND_CAMPAIGN}`;
const THANK_YOU = 'Ngiyabonga! Lwazi and the whole family thank you';
let campaignId = '';

/** The render stamp of a page rendered `ageMs` ago, signed as the server signs it (its JWT_SECRET). */
function stampOf(ageMs: number, forCampaign = campaignId): string {
  const key = hkdfSync(
    'sha256',
    new TextEncoder().encode(inject('jwtSecret')),
    Buffer.alloc(0),
    'letsema donation form stamp v1',
    32,
  );
  const renderedAt = Date.now() - ageMs;
  const mac = createHmac('sha256', Buffer.from(key))
    .update(`${forCampaign}.${renderedAt}`)
    .digest('base64url')
    .slice(0, 22);
  return `${renderedAt}.${mac}`;
}

/** What a person's browser posts: the form filled in (EFT, R 250, a 10 % tip), 10 s after the render. */
function filledForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    donationKind: 'once-off',
    currency: '1',
    amount: '250',
    tipPercentage: '10',
    paymentMethod: '0',
    firstName: 'Nomsa',
    lastName: 'Dube',
    email: donorEmail('noscript'),
    mobileNumber: '0821234567',
    displayName: '',
    comment: '',
    website: '',
    formStamp: stampOf(10_000),
    ...overrides,
  };
}

const formPost = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const postForm = (fields: Record<string, string>) => page(PATH, formPost(fields));

/** The value attribute of the input named `name` (the first, or the checked radio). */
/** Whether the page's checkbox `name` is ticked. */
function isTicked(html: string, name: string): boolean {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';
  return /\schecked(=""|\s|>|\/)/.test(input);
}

function inputValue(html: string, name: string): string | null {
  const checked = new RegExp(`<input[^>]*name="${name}"[^>]*checked=""[^>]*value="([^"]*)"`).exec(html);
  if (checked) return checked[1] ?? null;
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html);
  return input?.[1] ?? null;
}

beforeAll(async () => {
  campaignId = (await getData<{ id: string }>(`/api/v1/campaigns/short/${DEMO_RAND_CAMPAIGN}`)).id;
});

describe('the donation page as a plain HTML form', () => {
  it('posts to itself, names every input, and can be sent before any script runs', async () => {
    const { status, html } = await page(PATH);
    expect(status).toBe(200);
    expect(html).toContain(`method="post"`);
    expect(html).toMatch(/<form[^>]*action="\/donation\/help-lwazi-walk-again"/);
    for (const name of [
      'amount',
      'currency',
      'tipPercentage',
      'paymentMethod',
      'firstName',
      'lastName',
      'email',
      'mobileNumber',
      'anonymous',
      'displayName',
      'donationKind',
      'formStamp',
      'website',
    ])
      expect(html, name).toMatch(new RegExp(`<input[^>]*name="${name}"`));
    expect(html).toMatch(/<textarea[^>]*name="comment"/);
    const button = /<button type="submit"[^>]*>Donate now/.exec(html)?.[0];
    expect(button).toBeDefined();
    expect(button).not.toContain('disabled=""');
  });

  it('refused: the form again with SPEC messages beside the fields and every value kept, not cached', async () => {
    const fields = filledForm({
      amount: '5',
      firstName: 'N0msa!',
      email: 'nomsa@',
      anonymous: 'yes',
      comment: 'Stay strong, Lwazi',
      tipPercentage: '7.5',
    });
    const res = await postForm(fields);
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-page-cache')).toBeNull();
    for (const message of [
      'The minimum amount is R 20',
      'First name should not contain any special characters',
      'Invalid email format.',
    ])
      expect(res.html).toMatch(new RegExp(`<p[^>]*>${message}</p>`));
    expect(inputValue(res.html, 'amount')).toBe('5');
    expect(inputValue(res.html, 'firstName')).toBe('N0msa!');
    expect(inputValue(res.html, 'email')).toBe('nomsa@');
    expect(inputValue(res.html, 'lastName')).toBe('Dube');
    expect(inputValue(res.html, 'mobileNumber')).toBe('0821234567');
    expect(inputValue(res.html, 'paymentMethod')).toBe('0');
    expect(isTicked(res.html, 'anonymous')).toBe(true);
    expect(inputValue(res.html, 'tipPercentage')).toBe('7.5');
    expect(res.html).toMatch(/<textarea[^>]*name="comment"[^>]*>Stay strong, Lwazi<\/textarea>/);
  });

  it('accepted by card: a hand-off page with the signed PayFast form and one button', async () => {
    const res = await postForm(filledForm({ paymentMethod: '8' }));
    expect(res.status, res.html.slice(0, 300)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const form = /<form method="post" action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(res.html);
    expect(form?.[1]).toMatch(/\/eng\/process$/);
    const body = form?.[2] ?? '';
    for (const field of ['merchant_id', 'amount', 'm_payment_id', 'cancel_url', 'signature'])
      expect(body).toContain(`name="${field}"`);
    expect(body).toContain('value="275.00"');
    expect(body).toMatch(/cancel_url" value="[^"]*\/donation\/help-lwazi-walk-again\?cancelled=/);
    expect(res.html.match(/Continue to PayFast/g)).toHaveLength(1);
  });

  it('accepted by EFT: the bank details and the reference, mailed too', async () => {
    const fields = filledForm();
    const res = await postForm(fields);
    expect(res.status).toBe(200);
    expect(res.html).toContain('Pay by bank transfer (EFT)');
    const reference = /LTS-[A-Z2-7]{10}/.exec(res.html)?.[0];
    expect(reference).toBeDefined();
    expect(res.html).toContain('R 275.00');
    const mail = await latestMail(fields.email ?? '', '/thanks');
    expect(mail.text).toContain(reference);
  });

  it('refuses a filled honeypot and a post too soon after the render, creating nothing', async () => {
    const email = donorEmail('guarded');
    const bot = await postForm(filledForm({ email, website: 'https://cheap-pills.example' }));
    expect(bot.status).toBe(400);
    expect(bot.html).toContain(DONATION_FORM_MESSAGES.refused);
    const quick = await postForm(filledForm({ email, formStamp: stampOf(0) }));
    expect(quick.status).toBe(400);
    expect(quick.html).toContain(DONATION_FORM_MESSAGES.tooFast);
    const forged = await postForm(
      filledForm({ email, formStamp: `${Date.now() - 60_000}.${'A'.repeat(22)}` }),
    );
    expect(forged.status).toBe(400);
    expect(forged.html).toContain(DONATION_FORM_MESSAGES.expired);
    for (const refused of [bot, quick, forged]) {
      expect(refused.html).not.toContain('Pay by bank transfer');
      expect(inputValue(refused.html, 'email')).toBe(email);
    }
    // The same donor then gives for real: theirs is the only donation (and EFT mail) there is.
    const res = await postForm(filledForm({ email }));
    expect(res.status).toBe(200);
    await latestMail(email, '/thanks');
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('a NUL in a field is refused like an empty form, and nothing reaches the database', async () => {
    const res = await page(PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `${new URLSearchParams(filledForm()).toString()}&comment=Hi%00there`,
    });
    expect(res.status).toBe(400);
    expect(res.html).toContain('Please enter a donation amount.');
  });

  it('a monthly post without JavaScript comes back on the once-off form, values kept', async () => {
    const res = await postForm(filledForm({ donationKind: 'monthly', paymentMethod: '8' }));
    expect(res.status).toBe(400);
    expect(res.html).toContain('A monthly donation needs JavaScript');
    expect(inputValue(res.html, 'donationKind')).toBe('once-off');
    expect(inputValue(res.html, 'amount')).toBe('250');
  });
});

describe('back from a cancelled payment', () => {
  it('fills the form from the donation, marks it cancelled, and is never cached', async () => {
    const email = donorEmail('cancel');
    const donation = await donated(
      donationBody({
        paymentMethod: 8,
        amount: 320,
        tipOrAdminFeeAmount: 16,
        email,
        firstName: 'Sizwe',
        lastName: 'Khumalo',
        anonymous: true,
        displayName: 'A friend',
        comment: 'Keep going',
      }),
    );
    const token = donation.jwtTokenStringDonationId;
    const back = `${PATH}?cancelled=${encodeURIComponent(token)}`;
    for (let i = 0; i < 2; i++) {
      const res = await page(back);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-page-cache')).toBeNull();
      expect(inputValue(res.html, 'amount')).toBe('320');
      expect(inputValue(res.html, 'tipPercentage')).toBe('5');
      expect(inputValue(res.html, 'paymentMethod')).toBe('8');
      expect(inputValue(res.html, 'firstName')).toBe('Sizwe');
      expect(inputValue(res.html, 'lastName')).toBe('Khumalo');
      expect(inputValue(res.html, 'email')).toBe(email);
      expect(inputValue(res.html, 'mobileNumber')).toBe('0821234567');
      expect(isTicked(res.html, 'anonymous')).toBe(true);
      expect(inputValue(res.html, 'displayName')).toBe('A friend');
      expect(res.html).toMatch(/<textarea[^>]*name="comment"[^>]*>Keep going<\/textarea>/);
      expect(res.html).toContain('Your payment was cancelled. You can try again.');
      expect(res.html).toMatch(/<button type="submit"[^>]*>Try again<\/button>/);
    }
    const detail = await getData<{ status: number }>(`/api/v1/donations/list/${encodeURIComponent(token)}`);
    expect(detail.status).toBe(3);
    // The page without the token is everyone's again: empty.
    const plain = await page(PATH);
    expect(inputValue(plain.html, 'email')).toBe('');
  });

  it('after a payment the gateway declined, says it did not go through (not cancelled)', async () => {
    const donation = await donated(donationBody({ paymentMethod: 8, email: donorEmail('declined') }));
    const token = donation.jwtTokenStringDonationId;
    await payAtSimulator(donation, 'fail');
    await pollDonation(token, (d) => d.status === DonationStatus.Rejected);
    const res = await page(`${PATH}?cancelled=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    expect(res.html).toContain('Your payment did not go through, and no money was taken. You can try again.');
    expect(res.html).not.toContain('Your payment was cancelled');
    expect(res.html).toMatch(/<button type="submit"[^>]*>Try again<\/button>/);
  });

  it("ignores another campaign's or a made-up token", async () => {
    const other = await donated(donationBody({ campaignUrl: 'siyakhula-saturday-school', paymentMethod: 8 }));
    for (const token of [other.jwtTokenStringDonationId, 'not-a-token']) {
      const res = await page(`${PATH}?cancelled=${encodeURIComponent(token)}`);
      expect(res.status).toBe(200);
      expect(inputValue(res.html, 'email')).toBe('');
      expect(res.html).not.toContain('Your payment was cancelled');
    }
    const detail = await getData<{ status: number }>(
      `/api/v1/donations/list/${encodeURIComponent(other.jwtTokenStringDonationId)}`,
    );
    expect(detail.status).toBe(0);
  });

  it('the failure page thanks nobody, offers no share prompt, and its Try again refills the form', async () => {
    const donation = await donated(donationBody({ paymentMethod: 8 }));
    const token = donation.jwtTokenStringDonationId;
    // What the page shows (the island's props carry the campaign, thank-you message and all).
    const shown = async () =>
      (await page(`/thanks?donation=${encodeURIComponent(token)}`)).html.replace(/ props="[^"]*"/g, '');
    const waiting = await shown();
    expect(waiting).toContain(THANK_YOU);
    expect(waiting).toContain('Tell your friends');
    await page(`${PATH}?cancelled=${encodeURIComponent(token)}`);
    const failed = await shown();
    expect(failed).toContain('Your donation was cancelled');
    expect(failed).not.toContain(THANK_YOU);
    expect(failed).not.toContain('Tell your friends');
    expect(failed).toMatch(
      new RegExp(`<a href="${PATH}\\?cancelled=${encodeURIComponent(token)}"[^>]*>Try again</a>`),
    );
  });
});

// The address's limit as deployed, on a server of its own: the suite's server multiplies the
// scaled limits by 1000 (RATE_LIMIT_FACTOR), every test client being 127.0.0.1. Once, in the PGlite pass.
describe.runIf(inject('databaseUrl') === 'memory://')('the address limit without JavaScript', () => {
  let own: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    own = await startServer({ env: { RATE_LIMIT_FACTOR: '1', JWT_SECRET: inject('jwtSecret') } });
    expect(own.health?.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await own?.stop();
  });

  it('counts every post from an address, refused ones too; past 20 in 10 minutes, 429 with the values kept', async () => {
    const info = await fetch(`${own.baseUrl}/api/v1/campaigns/short/${DEMO_RAND_CAMPAIGN}`);
    const ownCampaign = ((await info.json()) as { data: { id: string } }).data.id;
    const post = async (fields: Record<string, string>) => {
      const res = await fetch(`${own.baseUrl}${PATH}`, formPost(fields));
      return { status: res.status, html: await res.text() };
    };
    const email = donorEmail('limited');
    for (let i = 0; i < 20; i++) {
      const bot = await post(filledForm({ email, website: 'x', formStamp: stampOf(10_000, ownCampaign) }));
      expect(bot.status).toBe(400);
    }
    const person = await post(filledForm({ email, formStamp: stampOf(10_000, ownCampaign) }));
    expect(person.status).toBe(429);
    expect(person.html).toMatch(/Too many requests\. Please wait \d+ minutes? and try again\./);
    expect(inputValue(person.html, 'email')).toBe(email);
    expect(person.html).not.toContain('Pay by bank transfer');
  });
});
