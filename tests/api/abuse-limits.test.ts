import { describe, expect, it } from 'vitest';
import { DonationStatus, PaymentGateway } from '~/lib/enums';
import { eventually } from '../support/eventually';
import { mailsTo, verifyAndLogin } from './support/accounts';
import { donated, donationBody, donorEmail, solveCaptcha } from './support/donations';
import { api, baseUrl } from './support/http';

/** Issue 10 findings 6 and 7 over HTTP (login's captcha is in auth.test.ts): what an attacker sees. */

describe('signed-in EFT donations', () => {
  it("mail the bank details to the account's own address, but not to another one without a captcha", async () => {
    const me = await verifyAndLogin();
    const victim = donorEmail('victim');
    const eft = { paymentMethod: PaymentGateway.EFT, tipOrAdminFeeAmount: 0 };
    const other = await donated(donationBody({ ...eft, email: victim }), me.accessToken);
    await donated(donationBody({ ...eft, email: me.email }), me.accessToken);
    const withCaptcha = donorEmail('captcha');
    await donated(
      donationBody({ ...eft, email: withCaptcha, recaptchaToken: await solveCaptcha() }),
      me.accessToken,
    );
    // The mail goes out after the answer: wait for the ones that are sent, then look for the one that is not.
    const hasHowToPay = async (to: string) =>
      (await mailsTo(to)).some((m) => m.subject.startsWith('How to pay your donation'));
    await eventually(async () => {
      expect(await hasHowToPay(me.email), 'the EFT instructions to my own address').toBe(true);
      expect(await hasHowToPay(withCaptcha), 'the EFT instructions to the address with a captcha').toBe(true);
    });
    expect(await mailsTo(victim)).toEqual([]);
    expect(other.status).toBe(DonationStatus.Pending);
  }, 60_000);
});

describe("Astro's image endpoint", () => {
  it('is off: /_image answers 404 and transforms nothing', async () => {
    const url = `${baseUrl}/_image?href=${encodeURIComponent('/og-image.png')}&w=4000&h=4000&f=png`;
    const res = await fetch(url);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type') ?? '').not.toMatch(/^image\//);
  });
});

describe('the captcha challenge', () => {
  it('is still served to a visitor', async () => {
    const res = await api('/api/v1/captcha/challenge');
    expect(res.status).toBe(200);
  });
});
