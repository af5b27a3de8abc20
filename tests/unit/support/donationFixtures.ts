import { randomUUID } from 'node:crypto';
import { Currency, DonationStatus, DonationType, PaymentGateway } from '~/lib/enums';
import type { Db } from '~/lib/server/db/types';
import { campaignSettings, campaigns, donations, recurringDonations, users } from '~/lib/server/db/schema';

/**
 * Campaigns and donations written straight through Drizzle, for unit tests of
 * the donation mail services (the API that normally creates them is tested
 * in tests/api). Each call makes fresh rows with unique addresses.
 */

const tag = (): string => randomUUID().slice(0, 8);

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
}

export async function makeCampaign(db: Db, options: CampaignOptions): Promise<TestCampaign> {
  const t = tag();
  const ownerEmail = `owner-${t}@example.test`;
  const [owner] = await db
    .insert(users)
    .values({ email: ownerEmail, firstName: 'Naledi', lastName: 'Mokoena', emailConfirmed: true })
    .returning({ id: users.id });
  if (!owner) throw new Error('no owner');
  const url = `mail-test-${t}`;
  const [campaign] = await db
    .insert(campaigns)
    .values({
      ownerId: owner.id,
      name: options.name ?? `Water for Ga-Rankuwa ${t}`,
      url,
      shortUrl: `m${t}`,
      published: true,
      notificationFrequency: options.frequency,
      thankYouMessage: options.thankYouMessage ?? null,
      offlineDonations: options.offlineCents ?? 0,
    })
    .returning({ id: campaigns.id });
  if (!campaign) throw new Error('no campaign');
  await db
    .insert(campaignSettings)
    .values({ campaignId: campaign.id, currencyId: options.currencyId ?? Currency.Rand });
  return { id: campaign.id, url, ownerEmail };
}

export type DonationValues = Partial<typeof donations.$inferInsert>;

/** An accepted R 100.00 card donation by Thabo Mthembu unless told otherwise. */
export async function makeDonation(db: Db, campaignId: string, values: DonationValues = {}): Promise<string> {
  const t = tag();
  const [row] = await db
    .insert(donations)
    .values({
      campaignId,
      currencyId: Currency.Rand,
      amount: 10_000,
      campaignAmount: values.amount ?? 10_000,
      paymentMethod: PaymentGateway.PayFast,
      status: DonationStatus.Accepted,
      firstName: 'Thabo',
      lastName: 'Mthembu',
      email: `donor-${t}@example.test`,
      reference: `LTS-T${t}`,
      settledAt: values.status === undefined || values.status === DonationStatus.Accepted ? new Date() : null,
      ...values,
    })
    .returning({ id: donations.id });
  if (!row) throw new Error('no donation');
  return row.id;
}

/** A monthly PayFast mandate of `term` (RecurringDuration) and its `charges` accepted charges; returns the charge ids, oldest first. */
export async function makeRecurringCharges(
  db: Db,
  campaignId: string,
  term: number,
  charges: number,
): Promise<{ email: string; ids: string[] }> {
  const t = tag();
  const email = `monthly-${t}@example.test`;
  const [schedule] = await db
    .insert(recurringDonations)
    .values({
      campaignId,
      amount: 5_000,
      term,
      deductionDay: 0,
      firstName: 'Lerato',
      lastName: 'Dlamini',
      email,
      reference: `LTR-T${t}`,
    })
    .returning({ id: recurringDonations.id });
  if (!schedule) throw new Error('no schedule');
  const ids: string[] = [];
  for (let i = 0; i < charges; i++) {
    ids.push(
      await makeDonation(db, campaignId, {
        type: DonationType.Recurring,
        recurringDonationId: schedule.id,
        amount: 5_000,
        campaignAmount: 5_000,
        firstName: 'Lerato',
        lastName: 'Dlamini',
        email,
        createdAt: new Date(Date.now() - (charges - i) * 30 * 24 * 60 * 60 * 1000),
      }),
    );
  }
  return { email, ids };
}
