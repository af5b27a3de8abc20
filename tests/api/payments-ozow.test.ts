import { beforeAll, describe, expect, it } from 'vitest';
import { DonationStatus, PaymentGateway } from '~/lib/enums';
import { ozowNotificationHash } from '~/lib/server/payments/ozowHash';
import { demoToken, launchedCampaign, raisedOn, type SavedCampaign } from './support/campaigns';
import { type DonationData, donated, donationBody, getDonation, pollDonation } from './support/donations';
import { baseUrl, page, pathOf } from './support/http';

// The server under test runs with the default (sandbox) Ozow credentials of src/lib/server/env.ts.
const PRIVATE_KEY = 'sandbox-private-key';

const path = pathOf;

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

const raised = raisedOn;

/** Posts the donation's payment form to the simulator; returns the bank page's Pay/Cancel/Fail form action. */
async function openBankPage(donation: DonationData): Promise<{ action: string; html: string }> {
  const paymentForm = donation.transactionInfo.paymentForm;
  if (!paymentForm) throw new Error('no payment form');
  const bank = await page(path(paymentForm.action), form(paymentForm.fields));
  expect(bank.status, bank.html.slice(0, 300)).toBe(200);
  const action = bank.html.match(/action="(\/sandbox\/ozow\/transactions\/[^"]+)"/)?.[1];
  if (!action) throw new Error(`no bank form in ${bank.html.slice(0, 300)}`);
  return { action, html: bank.html };
}

/** Presses a button on the bank page; returns where the browser is sent. */
async function press(action: string, button: 'pay' | 'cancel' | 'fail'): Promise<URL> {
  const res = await page(action, form({ action: button }));
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

const notify = (fields: Record<string, string>) => page('/api/v1/payments/ozow/notify', form(fields));

const ozowDonation = (amount: number, tip = 0): Record<string, unknown> =>
  donationBody({ paymentMethod: PaymentGateway.InstantEFT, amount, tipOrAdminFeeAmount: tip });

describe('Ozow through the simulator', () => {
  let campaign: SavedCampaign;
  let donor: string;

  beforeAll(async () => {
    campaign = await launchedCampaign(await demoToken('zanele'));
    donor = await demoToken('sipho');
  });

  it('starts with a hashed form post to the hosted page', async () => {
    const donation = await donated({ ...ozowDonation(120, 10), campaignUrl: campaign.url }, donor);
    const paymentForm = donation.transactionInfo.paymentForm;
    expect(paymentForm?.action).toBe(`${baseUrl}/sandbox/ozow`);
    expect(donation.transactionInfo.paymentUrl).toBe(paymentForm?.action);
    expect(paymentForm?.fields).toMatchObject({
      SiteCode: expect.any(String),
      CountryCode: 'ZA',
      CurrencyCode: 'ZAR',
      Amount: '130.00',
      TransactionReference: donation.transactionInfo.referenceNumber,
      BankReference: donation.transactionInfo.referenceNumber,
      NotifyUrl: `${baseUrl}/api/v1/payments/ozow/notify`,
      IsTest: 'true',
      HashCheck: expect.stringMatching(/^[0-9a-f]{128}$/),
    });
    expect(paymentForm?.fields.SuccessUrl).toBe(
      `${baseUrl}/thanks?donation=${donation.jwtTokenStringDonationId}`,
    );
    expect(paymentForm?.fields.ErrorUrl).toBe(paymentForm?.fields.SuccessUrl);
    expect(paymentForm?.fields.CancelUrl).toContain(`/donation/${campaign.url}?cancelled=`);

    const { html } = await openBankPage(donation);
    for (const name of ['Pay', 'Cancel', 'Fail'])
      expect(html).toMatch(new RegExp(`>\\s*${name}\\s*</button>`));
    expect(html).toContain('R 130.00');
  });

  it('refuses a form whose amount was changed after hashing', async () => {
    const donation = await donated({ ...ozowDonation(50), campaignUrl: campaign.url }, donor);
    const paymentForm = donation.transactionInfo.paymentForm;
    if (!paymentForm) throw new Error('no payment form');
    const bank = await page('/sandbox/ozow', form({ ...paymentForm.fields, Amount: '0.50' }));
    expect(bank.status).toBe(400);
    expect(bank.html).not.toContain('>Pay<');
  });

  it('books a paid donation once, ignoring forged, altered and replayed notifications', async () => {
    const before = await raised(campaign);
    const donation = await donated({ ...ozowDonation(200, 20), campaignUrl: campaign.url }, donor);
    const token = donation.jwtTokenStringDonationId;
    const reference = donation.transactionInfo.referenceNumber;
    const { action } = await openBankPage(donation);
    const transactionId = action.split('/').pop() ?? '';

    // Before the donor pays, notifications for the real transaction: a bad hash; correctly hashed
    // but for the wrong amount; correctly hashed "Cancelled" (Ozow's record disagrees with both).
    const forged = {
      SiteCode: 'TSTSTE0001',
      TransactionId: transactionId,
      TransactionReference: reference,
      Amount: '220.00',
      Status: 'Complete',
      CurrencyCode: 'ZAR',
      IsTest: 'true',
      StatusMessage: 'Paid',
    };
    expect((await notify({ ...forged, Hash: 'f'.repeat(128) })).status).toBe(200);
    const cheap = { ...forged, Amount: '1.00' };
    expect((await notify({ ...cheap, Hash: ozowNotificationHash(cheap, PRIVATE_KEY) })).status).toBe(200);
    const cancel = { ...forged, Status: 'Cancelled' };
    expect((await notify({ ...cancel, Hash: ozowNotificationHash(cancel, PRIVATE_KEY) })).status).toBe(200);
    // Still pending: none of them was booked (nor stored under the real id, or Pay below would be a duplicate).
    expect((await getDonation(token)).body.data.status).toBe(DonationStatus.Pending);

    const back = await press(action, 'pay');
    expect(back.origin + back.pathname).toBe(`${baseUrl}/thanks`);
    expect(back.searchParams.get('donation')).toBe(token);
    expect(back.searchParams.get('Status')).toBe('Complete');
    expect(back.searchParams.get('TransactionId')).toBe(transactionId);

    const accepted = await pollDonation(token, (d) => d.status === DonationStatus.Accepted);
    expect(accepted.settledAt).not.toBeNull();
    expect(await raised(campaign)).toBe(before + 200);

    // Ozow's notification again (the redirect carries the same signed fields), and again re-cased.
    const genuine = Object.fromEntries([...back.searchParams].filter(([name]) => name !== 'donation'));
    expect((await notify(genuine)).status).toBe(200);
    expect((await notify({ ...genuine, TransactionId: transactionId.toUpperCase() })).status).toBe(200);
    // Pressing Pay again only redirects; it sends nothing new.
    expect((await press(action, 'pay')).searchParams.get('Status')).toBe('Complete');

    // A second payment, made after the replays, is the barrier: once it is booked, so are they.
    const second = await donated({ ...ozowDonation(75), campaignUrl: campaign.url }, donor);
    const secondPage = await openBankPage(second);
    await press(secondPage.action, 'pay');
    await pollDonation(second.jwtTokenStringDonationId, (d) => d.status === DonationStatus.Accepted);

    expect(await raised(campaign)).toBe(before + 200 + 75);
    expect((await getDonation(token)).body.data.status).toBe(DonationStatus.Accepted);
  });

  it('answers 503 while Ozow cannot be asked, so Ozow sends the notification again', async () => {
    const before = await raised(campaign);
    const donation = await donated({ ...ozowDonation(140), campaignUrl: campaign.url }, donor);
    const token = donation.jwtTokenStringDonationId;
    const reference = donation.transactionInfo.referenceNumber;
    const fault = (kind: string) =>
      fetch(`${baseUrl}/sandbox/ozow/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ transactionReference: reference, fault: kind }),
      });
    const { action } = await openBankPage(donation);
    expect((await fault('error')).status).toBe(200);
    // The donor pays while Ozow's status check is down: the notification is not booked.
    const back = await press(action, 'pay');
    expect((await getDonation(token)).body.data.status).toBe(DonationStatus.Pending);

    const genuine = Object.fromEntries([...back.searchParams].filter(([name]) => name !== 'donation'));
    for (const kind of ['error', 'malformed', 'garbled']) {
      expect((await fault(kind)).status).toBe(200);
      const retry = await notify(genuine);
      expect(retry.status, `${kind}: ${retry.html}`).toBe(503);
      expect((await getDonation(token)).body.data.status).toBe(DonationStatus.Pending);
    }

    // Ozow's next try finds the check working: booked, once.
    expect((await notify(genuine)).status).toBe(200);
    await pollDonation(token, (d) => d.status === DonationStatus.Accepted);
    expect(await raised(campaign)).toBe(before + 140);
  });

  it('answers 200 to a signed notification for a reference Ozow does not know, and books nothing', async () => {
    const unknown = {
      SiteCode: 'TSTSTE0001',
      TransactionId: '0b7d3f4e-1111-4222-8333-944455556666',
      TransactionReference: 'NO-SUCH-REFERENCE',
      Amount: '50.00',
      Status: 'Complete',
      CurrencyCode: 'ZAR',
      IsTest: 'true',
      StatusMessage: 'Paid',
    };
    const res = await notify({ ...unknown, Hash: ozowNotificationHash(unknown, PRIVATE_KEY) });
    expect(res.status).toBe(200);
  });

  it('Cancel returns to the campaign and marks the donation cancelled at the gateway', async () => {
    const before = await raised(campaign);
    const donation = await donated({ ...ozowDonation(60), campaignUrl: campaign.url }, donor);
    const { action } = await openBankPage(donation);
    const back = await press(action, 'cancel');
    expect(back.pathname).toBe(`/donation/${campaign.url}`);
    expect(back.searchParams.get('Status')).toBe('Cancelled');
    const cancelled = await pollDonation(
      donation.jwtTokenStringDonationId,
      (d) => d.status === DonationStatus.CanceledAtTransaction,
    );
    expect(cancelled.settledAt).toBeNull();
    expect(await raised(campaign)).toBe(before);
  });

  it('Fail returns to the thanks page and rejects the donation', async () => {
    const donation = await donated({ ...ozowDonation(80), campaignUrl: campaign.url }, donor);
    const { action } = await openBankPage(donation);
    const back = await press(action, 'fail');
    expect(back.pathname).toBe('/thanks');
    expect(back.searchParams.get('Status')).toBe('Error');
    await pollDonation(donation.jwtTokenStringDonationId, (d) => d.status === DonationStatus.Rejected);
  });

  it('answers the status check only with the API key', async () => {
    const donation = await donated({ ...ozowDonation(90), campaignUrl: campaign.url }, donor);
    await openBankPage(donation);
    const query = `siteCode=TSTSTE0001&transactionReference=${donation.transactionInfo.referenceNumber}`;
    const refused = await fetch(`${baseUrl}/sandbox/ozow/GetTransactionByReference?${query}`, {
      headers: { ApiKey: 'wrong' },
    });
    expect(refused.status).toBe(401);
    const listed = await fetch(`${baseUrl}/sandbox/ozow/GetTransactionByReference?${query}`, {
      headers: { ApiKey: 'sandbox-api-key', Accept: 'application/json' },
    });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([
      expect.objectContaining({
        transactionReference: donation.transactionInfo.referenceNumber,
        amount: 90,
        currencyCode: 'ZAR',
        status: 'Pending',
      }),
    ]);
  });
});
