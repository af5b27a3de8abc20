import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import * as v from 'valibot';
import { vi } from 'vitest';
import type { CurrentUser } from '~/lib/currentUser';
import {
  CampaignCategory,
  Currency,
  DonationStatus,
  DonationType,
  PaymentGateway,
  RecurringDay,
} from '~/lib/enums';
import { createCampaignSchema } from '~/lib/schemas/campaign';
import { recurringDonationSchema, singleDonationSchema } from '~/lib/schemas/donation';

/**
 * Owners, campaigns and donations made through the services the API calls
 * (register and verify, createCampaign and launchCampaign, createDonation,
 * createRecurringDonation, applyVerifiedPayment), for unit tests of what runs
 * after a donation is stored: settlement, donor and owner mail, digests.
 * Import it only after prepareServerTestEnv (it loads the server modules).
 *
 * Three states no service leaves behind are set by a narrow update after the
 * service made the row, each at its function: an accepted donation whose mails
 * are not sent yet, an EFT donation whose bank details are not mailed yet, and
 * a campaign's admin fee (an administrator's setting).
 */

// One signed-in donor makes every donation of a test file: its per-account donation limit
// (10 in 10 minutes) would refuse most of them. The limit has its own tests (auth, captcha, files).
vi.stubEnv('RATE_LIMIT_FACTOR', '1000');

const { getDb } = await import('~/lib/server/db');
const { campaignSettings, donations, mailQueue, recurringDonations, users } = await import(
  '~/lib/server/db/schema'
);
const { register, verifyUser } = await import('~/lib/server/accounts/auth');
const { loadCurrentUser } = await import('~/lib/server/accounts/claims');
const { createCampaign } = await import('~/lib/server/campaigns/editor');
const { launchCampaign } = await import('~/lib/server/campaigns/lifecycle');
const { createDonation } = await import('~/lib/server/donations/create');
const { createRecurringDonation } = await import('~/lib/server/donations/recurring');
const { applyVerifiedPayment } = await import('~/lib/server/donations/settlement');
const { listOutbox } = await import('~/lib/server/mail/outbox');

const tag = (): string => randomUUID().slice(0, 8);
const PASSWORD = 'a-long-unusual-passphrase';

/**
 * A confirmed account, confirmed through the link its registration mailed.
 * That mail is then taken out of the outbox, so tests count only the mails
 * their own steps send.
 */
async function confirmedUser(firstName: string, lastName: string, email: string): Promise<CurrentUser> {
  const { id } = await register({ firstName, lastName, email, password: PASSWORD });
  const [mail] = await listOutbox({ to: email });
  const link = mail?.links.find((l) => l.includes('token='));
  if (!mail || !link) throw new Error(`no verification mail for ${email}`);
  await verifyUser(new URL(link).searchParams.get('token') ?? '');
  await (await getDb()).delete(mailQueue).where(eq(mailQueue.id, mail.id));
  const user = await loadCurrentUser(id);
  if (!user) throw new Error(`no user ${id}`);
  return user;
}

let donor: Promise<CurrentUser> | undefined;

/** One signed-in donor gives every donation (visitors would need a solved captcha); each gift names its own email. */
const signedInDonor = (): Promise<CurrentUser> =>
  (donor ??= confirmedUser('Thabo', 'Mthembu', `donor-account-${tag()}@example.test`));

let coverPng: Promise<Buffer> | undefined;
const cover = (): Promise<Buffer> =>
  (coverPng ??= sharp({ create: { width: 64, height: 48, channels: 3, background: '#0b6e4f' } })
    .png()
    .toBuffer());

export interface TestCampaign {
  id: string;
  url: string;
  ownerEmail: string;
}

export interface CampaignOptions {
  /** notificationFrequency: 0 never, 1 each donation, 2 daily, 3 weekly, null unset. */
  frequency: number | null;
  currencyId?: number;
  name?: string;
  thankYouMessage?: string | null;
  offlineCents?: number;
  /** A percentage the donor may cover instead of tipping. */
  adminFeeRate?: number;
  /**
   * Milestone and quiet-week mails to the owner (issue 26): off unless asked, so the tests that
   * count an owner's mails count only the mails they are about.
   */
  milestoneMails?: boolean;
}

/** A launched campaign that takes once-off and monthly donations, owned by a new confirmed Naledi Mokoena. */
export async function makeCampaign(options: CampaignOptions): Promise<TestCampaign> {
  const t = tag();
  const ownerEmail = `owner-${t}@example.test`;
  const owner = await confirmedUser('Naledi', 'Mokoena', ownerEmail);
  const input = v.parse(createCampaignSchema, {
    name: options.name ?? `Water for Ga-Rankuwa ${t}`,
    story: '<p>Clean water for every household in the village, carried no more than a few steps.</p>',
    donationTarget: 50_000,
    campaignCategory: CampaignCategory.Health,
    currency: options.currencyId ?? Currency.Rand,
    notificationFrequency: options.frequency,
    thankYouMessage: options.thankYouMessage ?? null,
    offlineDonations: (options.offlineCents ?? 0) / 100,
    settings: { isRecurringGivingCampaign: true },
  });
  const image = new File([new Uint8Array(await cover())], 'cover.png', { type: 'image/png' });
  const saved = await createCampaign(owner, input, [image]);
  await launchCampaign(owner, saved.id);
  if (!options.milestoneMails) {
    const db = await getDb();
    await db
      .update(users)
      .set({ ownerMailOptOuts: ['first', 'targets', 'quiet'] })
      .where(eq(users.id, owner.id));
  }
  if (options.adminFeeRate !== undefined) {
    // Owners cannot set an admin fee; an administrator does, and no service for that exists yet.
    const db = await getDb();
    await db
      .update(campaignSettings)
      .set({ isAdminFee: true, adminFeeRate: options.adminFeeRate })
      .where(eq(campaignSettings.campaignId, saved.id));
  }
  return { id: saved.id, url: saved.url, ownerEmail };
}

export interface Gift {
  /** As the form sends it, in `currencyId`: R 100 unless told otherwise. */
  amount?: number;
  tip?: number;
  currencyId?: Currency;
  paymentMethod?: PaymentGateway;
  firstName?: string;
  lastName?: string;
  anonymous?: boolean;
  displayName?: string | null;
  comment?: string | null;
  /** Accepted unless told otherwise. */
  status?: typeof DonationStatus.Pending | typeof DonationStatus.Accepted;
  settledAt?: Date;
  createdAt?: Date;
  /** The donor's address; a new one for each gift unless told. */
  email?: string;
}

export interface MadeDonation {
  id: string;
  reference: string;
  /** The donor's token (PATCH /donations/{token}). */
  token: string;
}

/** PayPal's order API as createDonation calls it, answered here: unit tests reach no network. */
function answerPaypal(): { mockRestore: () => void } {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(
        JSON.stringify({
          access_token: 'unit-test-token',
          expires_in: 3600,
          id: `ORDER-${tag()}`,
          links: [{ rel: 'payer-action', href: 'https://www.sandbox.paypal.com/checkoutnow' }],
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      ),
  );
}

/** A donation made by createDonation, as a signed-in donor: a R 100.00 card donation by Thabo Mthembu, accepted, unless told otherwise. */
export async function makeDonation(campaign: TestCampaign, gift: Gift = {}): Promise<MadeDonation> {
  const method = gift.paymentMethod ?? PaymentGateway.PayFast;
  // createDonation mails an EFT donor our bank details at once; the mail tests send them themselves.
  const createdAs = method === PaymentGateway.EFT ? PaymentGateway.PayFast : method;
  const body = {
    type: DonationType.OneOff,
    currencyId: gift.currencyId ?? Currency.Rand,
    amount: gift.amount ?? 100,
    tipOrAdminFeeAmount: gift.tip ?? 0,
    paymentMethod: createdAs,
    firstName: gift.firstName ?? 'Thabo',
    lastName: gift.lastName ?? 'Mthembu',
    email: gift.email ?? `donor-${tag()}@example.test`,
    mobileNumber: '0821234567',
    anonymous: gift.anonymous ?? false,
    displayName: gift.displayName ?? '',
    comment: gift.comment ?? '',
    campaignId: campaign.id,
  };
  const paypal = createdAs === PaymentGateway.PayPal ? answerPaypal() : null;
  let made: Awaited<ReturnType<typeof createDonation>>;
  try {
    made = await createDonation(v.parse(singleDonationSchema, body), {
      user: await signedInDonor(),
      remoteAddress: null,
    });
  } finally {
    paypal?.mockRestore();
  }
  const change: Partial<typeof donations.$inferInsert> = {};
  if (createdAs !== method) change.paymentMethod = method;
  if ((gift.status ?? DonationStatus.Accepted) === DonationStatus.Accepted) {
    // What settlement books before it mails: the mail tests call afterDonationSettled themselves.
    change.status = DonationStatus.Accepted;
    change.settledAt = gift.settledAt ?? new Date();
  }
  // A donation made days ago.
  if (gift.createdAt) change.createdAt = gift.createdAt;
  if (Object.keys(change).length > 0) {
    const db = await getDb();
    await db.update(donations).set(change).where(eq(donations.id, made.id));
  }
  return {
    id: made.id,
    reference: made.transactionInfo.referenceNumber,
    token: made.jwtTokenStringDonationId,
  };
}

export interface Mandate {
  id: string;
  reference: string;
  /** The donor's token (GET and PATCH /donationsscheduler/{token}). */
  token: string;
  nextDeductionDate: string | null;
}

export interface MandateTerms {
  /** RecurringDuration. */
  term: number;
  deductionDay?: RecurringDay;
  /** Monthly, in rand. */
  amount?: number;
  tip?: number;
  onceOff?: number;
}

/** A monthly PayFast donation by Lerato Dlamini made by createRecurringDonation, not paid yet: R 50 a month unless told otherwise. */
export async function makeMandate(campaign: TestCampaign, terms: MandateTerms): Promise<Mandate> {
  const created = await createRecurringDonation(
    v.parse(recurringDonationSchema, {
      type: DonationType.Recurring,
      currencyId: Currency.Rand,
      amount: terms.amount ?? 50,
      tipOrAdminFeeAmount: terms.tip ?? 0,
      onceOffAmount: terms.onceOff ?? 0,
      paymentMethod: PaymentGateway.PayFast,
      term: terms.term,
      deductionDate: terms.deductionDay ?? RecurringDay.FirstDayOfMonth,
      firstName: 'Lerato',
      lastName: 'Dlamini',
      email: `monthly-${tag()}@example.test`,
      mobileNumber: '0821234567',
      anonymous: false,
      displayName: '',
      comment: '',
      cardConsent: true,
      campaignId: campaign.id,
    }),
    { user: await signedInDonor(), remoteAddress: null },
  );
  return {
    id: created.donationSchedulerId,
    reference: created.transactionInfo.referenceNumber,
    token: created.jwtTokenStringDonationId,
    nextDeductionDate: created.nextDeductionDate,
  };
}

/**
 * A monthly donation of `term` (RecurringDuration) and its `charges` charges,
 * each paid through settlement (which mails each receipt as it books it).
 * Returns the charge ids, oldest first. `guest`: the schedule belongs to no account.
 */
export async function makeRecurringCharges(
  campaign: TestCampaign,
  term: number,
  charges: number,
  options: { guest?: boolean } = {},
): Promise<{ email: string; ids: string[] }> {
  const mandate = await makeMandate(campaign, { term });
  if (options.guest)
    await (await getDb())
      .update(recurringDonations)
      .set({ userId: null })
      .where(eq(recurringDonations.id, mandate.id));
  for (let i = 0; i < charges; i++) {
    const result = await applyVerifiedPayment({
      gateway: PaymentGateway.PayFast,
      gatewayPaymentId: randomUUID(),
      reference: mandate.reference,
      outcome: 'paid',
      amountCents: 5_000,
      subscriptionToken: `sub-${mandate.reference}`,
      payload: { test: true },
    });
    if (result !== 'applied') throw new Error(`charge ${i + 1} of ${mandate.reference} was ${result}`);
  }
  const db = await getDb();
  const [schedule] = await db
    .select({ email: recurringDonations.email })
    .from(recurringDonations)
    .where(eq(recurringDonations.id, mandate.id));
  const rows = await db
    .select({ id: donations.id, reference: donations.reference })
    .from(donations)
    .where(eq(donations.recurringDonationId, mandate.id));
  // Charge n is booked as `${reference}-n`.
  const chargeNumber = (reference: string): number => Number(reference.slice(reference.lastIndexOf('-') + 1));
  rows.sort((a, b) => chargeNumber(a.reference) - chargeNumber(b.reference));
  return { email: schedule?.email ?? '', ids: rows.map((r) => r.id) };
}
