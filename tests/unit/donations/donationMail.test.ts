import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Currency, DonationStatus, PaymentGateway, RecurringDuration } from '~/lib/enums';
import { whileMailIsRefused } from '../support/refuseMail';
import { prepareServerTestEnv } from '../support/serverEnv';

const testEnv = prepareServerTestEnv();
const { makeCampaign, makeDonation, makeRecurringCharges } = await import('../support/donationFixtures');
const { closeDb, getDb } = await import('~/lib/server/db');
const { campaignSettings, campaigns, donations, organisations } = await import('~/lib/server/db/schema');
const { listOutbox } = await import('~/lib/server/mail/outbox');
const { escapeHtml } = await import('~/lib/server/platform/mailLayout');
const { readDonationToken, readSchedulerToken } = await import('~/lib/server/donations/tokens');
const { afterDonationSettled, notifyOwnerOfDonation, sendDonationReceipt, sendEftInstructions } =
  await import('~/lib/server/donations/mail');

type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;

beforeAll(async () => {
  db = await getDb();
}, 60_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

async function donorOf(donationId: string): Promise<typeof donations.$inferSelect> {
  const [row] = await db.select().from(donations).where(eq(donations.id, donationId));
  if (!row) throw new Error('missing donation');
  return row;
}

async function onlyMailTo(address: string) {
  const mails = await listOutbox({ to: address });
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  if (!mail) throw new Error('no mail');
  return mail;
}

describe('the donor receipt', () => {
  it('is sent once, however often and however concurrently it is asked for', async () => {
    const campaign = await makeCampaign({ frequency: 0 });
    const { id } = await makeDonation(campaign);
    const sent = await Promise.all([
      sendDonationReceipt(id),
      sendDonationReceipt(id),
      afterDonationSettled(id),
    ]);
    await afterDonationSettled(id);
    expect(sent.filter((s) => s === true)).toHaveLength(1);
    const donor = await donorOf(id);
    expect(donor.receiptSentAt).toBeInstanceOf(Date);
    await onlyMailTo(donor.email);
  });

  it('is not sent for a donation that is not accepted', async () => {
    const campaign = await makeCampaign({ frequency: 1 });
    const { id } = await makeDonation(campaign, { status: DonationStatus.Pending });
    await afterDonationSettled(id);
    const donor = await donorOf(id);
    expect(donor.receiptSentAt).toBeNull();
    expect(await listOutbox({ to: donor.email })).toHaveLength(0);
    expect(await listOutbox({ to: campaign.ownerEmail })).toHaveLength(0);
  });

  it('shows the gift, the tip, the total, the method, the reference and the thank-you message', async () => {
    const campaign = await makeCampaign({
      frequency: 0,
      name: 'Books for Soweto',
      thankYouMessage: 'Ke a leboga!\nEvery book counts.',
    });
    const { id } = await makeDonation(campaign, {
      amount: 1_250,
      tip: 125,
      paymentMethod: PaymentGateway.InstantEFT,
      settledAt: new Date('2026-03-05T12:05:00Z'),
    });
    await afterDonationSettled(id);
    const donor = await donorOf(id);
    const mail = await onlyMailTo(donor.email);
    expect(mail.subject).toBe('Thank you for your donation to Books for Soweto');
    expect(mail.text).toContain('Hi Thabo,');
    expect(mail.text).toContain('Donation: R 1 250.00');
    expect(mail.text).toContain('Tip to Letsema: R 125.00');
    expect(mail.text).toContain('Total charged: R 1 375.00');
    expect(mail.text).toContain('Currency: ZAR');
    expect(mail.text).toContain('Payment method: Instant EFT (Ozow)');
    expect(mail.text).toContain(`Reference: ${donor.reference}`);
    // 12:05 UTC is 14:05 in Johannesburg.
    expect(mail.text).toMatch(/Date: 0?5 March 2026\D+14:05/);
    expect(mail.text).toContain('Ke a leboga!');
    expect(mail.text).toContain('Every book counts.');
    expect(mail.links).toContain(`http://localhost:4321/campaign/${campaign.url}`);
    const donationLink = mail.links.find((link) => link.includes('/thanks?donation='));
    expect(readDonationToken(new URL(donationLink ?? 'http://x').searchParams.get('donation'))).toBe(id);
    expect(mail.html).toContain('R 1 375.00');
    expect(mail.html).toContain('Ke a leboga!');
  });

  it('names a covered admin fee as such, and leaves out a zero tip', async () => {
    const campaign = await makeCampaign({ frequency: 0, adminFeeRate: 5 });
    const { id: fee } = await makeDonation(campaign, { tip: 5 });
    const { id: noTip } = await makeDonation(campaign, { tip: 0 });
    await afterDonationSettled(fee);
    await afterDonationSettled(noTip);
    const feeMail = await onlyMailTo((await donorOf(fee)).email);
    expect(feeMail.text).toContain('Admin fee (covered by you): R 5.00');
    expect(feeMail.text).not.toContain('Tip to');
    expect(feeMail.text).toContain('Total charged: R 105.00');
    const plain = await onlyMailTo((await donorOf(noTip)).email);
    expect(plain.text).not.toMatch(/Tip to|Admin fee/);
    expect(plain.text).toContain('Total charged: R 100.00');
  });

  it('counts the charges of a monthly donation', async () => {
    const campaign = await makeCampaign({ frequency: 0 });
    const { email, ids } = await makeRecurringCharges(campaign, RecurringDuration.TwelveMonths, 2);
    for (const id of ids) await afterDonationSettled(id);
    const mails = await listOutbox({ to: email });
    expect(mails.map((m) => m.text.match(/Schedule: (.*)/)?.[1]).sort()).toEqual([
      'Monthly donation, charge 1 of 12',
      'Monthly donation, charge 2 of 12',
    ]);
  });

  it('tells a guest where to change or cancel their monthly donation, and a donor with an account My Donations', async () => {
    const campaign = await makeCampaign({ frequency: 0 });
    const guest = await makeRecurringCharges(campaign, RecurringDuration.SixMonths, 1, { guest: true });
    await afterDonationSettled(guest.ids[0] ?? '');
    const guestMail = await onlyMailTo(guest.email);
    const manage = guestMail.links.find((link) => link.includes('/monthly-donation?token='));
    expect(manage).toBeDefined();
    expect(guestMail.text).toContain(`To change or cancel your monthly donation, go to ${manage}`);
    // The link holds the schedule's token: the guest's authority over it.
    const token = new URL(manage ?? '').searchParams.get('token');
    expect(readSchedulerToken(token)).not.toBeNull();

    const member = await makeRecurringCharges(campaign, RecurringDuration.SixMonths, 1);
    await afterDonationSettled(member.ids[0] ?? '');
    const memberMail = await onlyMailTo(member.email);
    expect(memberMail.links.some((link) => link.includes('/monthly-donation'))).toBe(false);
    expect(memberMail.text).toMatch(/To change or cancel your monthly donation, go to \S+\/profile/);
  });

  it("points a public benefit organisation's donor to their Section 18A receipt, and nobody else", async () => {
    const pbo = await makeCampaign({ frequency: 0, name: 'Saturday maths for Khayelitsha' });
    const [org] = await db
      .insert(organisations)
      .values({
        legalName: 'Khayelitsha Learning Trust',
        url: `khayelitsha-learning-${pbo.id.slice(0, 8)}`,
        pboNumber: '930012345',
      })
      .returning({ id: organisations.id });
    if (!org) throw new Error('no organisation row');
    await db.update(campaigns).set({ organisationId: org.id }).where(eq(campaigns.id, pbo.id));
    await db
      .update(campaignSettings)
      .set({ isTaxBenefit: true })
      .where(eq(campaignSettings.campaignId, pbo.id));
    const personal = await makeCampaign({ frequency: 0 });
    const { id: deductible } = await makeDonation(pbo);
    const { id: plain } = await makeDonation(personal);
    await afterDonationSettled(deductible);
    await afterDonationSettled(plain);

    const mail = await onlyMailTo((await donorOf(deductible)).email);
    const ask = mail.text.match(/Ask for your Section 18A tax receipt on your donation's page: (\S+)/)?.[1];
    expect(mail.text).toContain(
      'This donation may be tax deductible: Saturday maths for Khayelitsha is run by an approved public benefit organisation.',
    );
    expect(readDonationToken(new URL(ask ?? 'http://x').searchParams.get('donation'))).toBe(deductible);
    // In the HTML part the receipt's page is a link the donor taps, not an address to copy.
    const receiptSentence = mail.html.match(/<p [^>]*>[^<]*Section 18A[^<]*(<a [^>]*>)/)?.[1];
    expect(receiptSentence).toContain(`href="${escapeHtml(ask ?? '')}"`);
    expect((await onlyMailTo((await donorOf(plain)).email)).text).not.toContain('Section 18A');
  });

  it("makes the site's own addresses in its sentences real links, and leaves an owner's addresses as text", async () => {
    const campaign = await makeCampaign({
      frequency: 0,
      thankYouMessage: 'Read more at https://elsewhere.example/win.',
    });
    const { id } = await makeDonation(campaign);
    await afterDonationSettled(id);
    const mail = await onlyMailTo((await donorOf(id)).email);
    const view = mail.text.match(/Your donation can be seen again at any time at (\S+)/)?.[1];
    expect(view).toContain('/thanks?donation=');
    const hrefs = [...mail.html.matchAll(/<a href="([^"]*)"/g)].map((found) => found[1]);
    expect(hrefs).toContain(escapeHtml(view ?? ''));
    expect(hrefs.some((link) => link?.includes('elsewhere.example'))).toBe(false);
    expect(mail.html).toContain('Read more at https://elsewhere.example/win.');
  });

  it('escapes a hostile thank-you message in the HTML', async () => {
    const campaign = await makeCampaign({ frequency: 0, thankYouMessage: '<script>alert("x")</script>' });
    const { id } = await makeDonation(campaign);
    await afterDonationSettled(id);
    const mail = await onlyMailTo((await donorOf(id)).email);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it('is claimed only with its mail: when the mail cannot be queued, a later call sends it', async () => {
    const campaign = await makeCampaign({ frequency: 0 });
    const { id } = await makeDonation(campaign);
    await whileMailIsRefused(db, async () => {
      await expect(sendDonationReceipt(id)).rejects.toMatchObject({
        cause: { message: 'the mail queue refuses mail (a test)' },
      });
      expect((await donorOf(id)).receiptSentAt).toBeNull();
    });
    await afterDonationSettled(id);
    await onlyMailTo((await donorOf(id)).email);
  });
});

describe("the owner's notice of each donation", () => {
  it('goes out at once only when the campaign asks for every donation', async () => {
    for (const frequency of [0, 1, 2, 3, null]) {
      const campaign = await makeCampaign({ frequency });
      const { id } = await makeDonation(campaign);
      await afterDonationSettled(id);
      await afterDonationSettled(id);
      const owned = await listOutbox({ to: campaign.ownerEmail });
      expect(owned, `frequency ${frequency}`).toHaveLength(frequency === 1 ? 1 : 0);
      expect((await donorOf(id)).ownerNotifiedAt === null, `frequency ${frequency}`).toBe(frequency !== 1);
    }
  });

  it('says who gave what, the comment and the new total raised', async () => {
    const campaign = await makeCampaign({
      frequency: 1,
      name: 'Netball kit for Umlazi',
      offlineCents: 50_000,
    });
    await makeDonation(campaign, { amount: 200 });
    await makeDonation(campaign, { status: DonationStatus.Pending, amount: 900 });
    const { id } = await makeDonation(campaign, { amount: 300, comment: 'Go girls!', displayName: null });
    expect(await notifyOwnerOfDonation(id)).toBe(true);
    expect(await notifyOwnerOfDonation(id)).toBe(false);
    const mails = await listOutbox({ to: campaign.ownerEmail });
    const mail = mails.find((m) => m.text.includes('Go girls!'));
    expect(mail?.subject).toBe('New donation to Netball kit for Umlazi');
    expect(mail?.text).toContain('Hi Naledi,');
    expect(mail?.text).toContain('From: Thabo M.');
    expect(mail?.text).toContain('Amount: R 300.00');
    expect(mail?.text).toContain('Comment: Go girls!');
    // R 200 + R 300 accepted, R 500 offline; the pending R 900 does not count.
    expect(mail?.text).toContain('Total raised: R 1 000.00');
    expect(mail?.text).not.toContain('@example.test');
  });

  it('keeps anonymous donors anonymous and shows a foreign currency beside the campaign amount', async () => {
    const campaign = await makeCampaign({ frequency: 1 });
    const { id } = await makeDonation(campaign, {
      anonymous: true,
      displayName: 'Should not show',
      currencyId: Currency.Dollar,
      amount: 10,
      paymentMethod: PaymentGateway.PayPal,
    });
    await afterDonationSettled(id);
    const mail = await onlyMailTo(campaign.ownerEmail);
    expect(mail.text).toContain('From: Anonymous');
    expect(mail.text).toContain('Amount: R 180.00 ($ 10.00)');
    expect(mail.text).not.toContain('Should not show');
    expect(mail.text).not.toContain('Thabo');
    const receipt = await onlyMailTo((await donorOf(id)).email);
    expect(receipt.text).toContain('Total charged: $ 10.00');
    expect(receipt.text).toContain('Currency: USD');
  });

  it('escapes a hostile display name and comment', async () => {
    const campaign = await makeCampaign({ frequency: 1 });
    const { id } = await makeDonation(campaign, {
      displayName: '<img src=x onerror=alert(1)>',
      comment: '</td><script>steal()</script>',
    });
    await afterDonationSettled(id);
    const mail = await onlyMailTo(campaign.ownerEmail);
    expect(mail.html).not.toMatch(/<img src=x|<script>/);
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('&lt;/td&gt;&lt;script&gt;steal()&lt;/script&gt;');
    expect(mail.text).toContain('From: <img src=x onerror=alert(1)>');
  });
});

describe('EFT instructions', () => {
  it('give the bank details, the reference and the amount to pay', async () => {
    const campaign = await makeCampaign({ frequency: 1, name: 'Crèche roof in Alex' });
    const { id } = await makeDonation(campaign, {
      status: DonationStatus.Pending,
      paymentMethod: PaymentGateway.EFT,
      amount: 500,
      tip: 50,
    });
    await sendEftInstructions(db, id);
    const donor = await donorOf(id);
    const mail = await onlyMailTo(donor.email);
    expect(mail.subject).toBe('How to pay your donation to Crèche roof in Alex');
    expect(mail.text).toContain('Bank: First National Bank');
    expect(mail.text).toContain('Account name: Letsema Fundraising NPC');
    expect(mail.text).toContain('Account number: 62812345678');
    expect(mail.text).toContain('Branch code: 250655');
    expect(mail.text).toContain(`Reference: ${donor.reference}`);
    expect(mail.text).toContain('Amount to pay: R 550.00');
    expect(mail.html).toContain(donor.reference);
    // A pending donation is neither receipted nor reported to the owner.
    expect(donor.receiptSentAt).toBeNull();
    expect(await listOutbox({ to: campaign.ownerEmail })).toHaveLength(0);
  });

  it('are sent only for pending EFT donations, and never throw', async () => {
    const campaign = await makeCampaign({ frequency: 0 });
    const { id: card } = await makeDonation(campaign, { status: DonationStatus.Pending });
    const { id: paid } = await makeDonation(campaign, { paymentMethod: PaymentGateway.EFT });
    await sendEftInstructions(db, card);
    await sendEftInstructions(db, paid);
    await sendEftInstructions(db, 'not-a-uuid');
    await sendEftInstructions(db, '00000000-0000-4000-8000-000000000000');
    expect(await listOutbox({ to: (await donorOf(card)).email })).toHaveLength(0);
    expect(await listOutbox({ to: (await donorOf(paid)).email })).toHaveLength(0);
  });
});

describe('afterDonationSettled', () => {
  it('never throws, whatever the id', async () => {
    await expect(afterDonationSettled('not-a-uuid')).resolves.toBeUndefined();
    await expect(afterDonationSettled('00000000-0000-4000-8000-000000000000')).resolves.toBeUndefined();
  });
});
