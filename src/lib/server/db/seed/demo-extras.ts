import {
  AccountType,
  BankingIdType,
  BankingRequestStatus,
  Currency,
  DEFAULT_TIP_PERCENTAGE,
  DonationStatus,
  DonationType,
  ORG_PAYOUT_TIP_PERCENTAGE,
  PaymentGateway,
  PayoutStatus,
  RecurringDay,
  RecurringDuration,
  RecurringStatus,
} from '~/lib/enums';
import { percentOfCents, toCents } from '~/lib/money';
import * as s from '~/lib/server/db/schema';
import type { Tx } from '~/lib/server/db/types';
import type { DemoIds } from './demo';
import { insertQueueItems } from './demo-queues';
import { DEMO_USERS, type UserKey } from './demo-users';

const DAY = 86_400_000;

function campaignId(ids: DemoIds, url: string): string {
  const id = ids.campaigns.get(url);
  if (!id) throw new Error(`demo campaign ${url} missing`);
  return id;
}

function donor(key: UserKey): { firstName: string; lastName: string; email: string; mobileNumber: string } {
  const user = DEMO_USERS.find((u) => u.key === key);
  if (!user) throw new Error(`demo user ${key} missing`);
  return { firstName: user.firstName, lastName: user.lastName, email: user.email, mobileNumber: user.msisdn };
}

/** Donations by demo users (so "My Donations" has content), including a recurring mandate. */
async function insertUserDonations(tx: Tx, ids: DemoIds): Promise<void> {
  const at = (days: number): Date => new Date(ids.now + days * DAY);
  const gifts: [UserKey, string, number, number][] = [
    ['fatima', 'help-lwazi-walk-again', 500, -12],
    ['fatima', 'langa-lions-u15-to-nationals', 250, -6],
    ['fatima', 'sterilise-500-in-graaff-reinet', 350, -2],
    ['sipho', 'siyakhula-saturday-school', 1000, -40],
    ['anele', 'pieter-rides-the-cycle-tour', 500, -5],
  ];
  await tx.insert(s.donations).values(
    gifts.map(([user, url, amount, days], i) => ({
      campaignId: campaignId(ids, url),
      userId: ids.users[user],
      ...donor(user),
      amount: toCents(amount),
      campaignAmount: toCents(amount),
      tipAmount: percentOfCents(toCents(amount), DEFAULT_TIP_PERCENTAGE),
      paymentMethod: PaymentGateway.PayFast,
      status: DonationStatus.Accepted,
      displayName: `${donor(user).firstName} ${donor(user).lastName.charAt(0)}.`,
      comment: i === 0 ? 'Sterkte, Lwazi! The whole of Durban North is behind you.' : null,
      reference: `DEMO-USER-${String(i + 1).padStart(3, '0')}`,
      settledAt: at(days),
      createdAt: at(days),
      updatedAt: at(days),
    })),
  );

  const saturdaySchool = campaignId(ids, 'siyakhula-saturday-school');
  const firstOfMonth = (monthsAgo: number): Date => {
    const d = new Date(ids.now);
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsAgo, 1, 6));
  };
  const [mandate] = await tx
    .insert(s.recurringDonations)
    .values({
      campaignId: saturdaySchool,
      userId: ids.users.fatima,
      ...donor('fatima'),
      amount: toCents(250),
      tipAmount: toCents(30),
      term: RecurringDuration.Indefinite,
      deductionDay: RecurringDay.FirstDayOfMonth,
      paymentMethod: PaymentGateway.PayFast,
      status: RecurringStatus.Active,
      displayName: 'Fatima P.',
      cardConsent: true,
      reference: 'DEMO-RECUR-001',
      gatewayToken: 'demo-payfast-token-0001',
      nextDeductionDate: firstOfMonth(-1).toISOString().slice(0, 10),
      deductionsMade: 3,
      createdAt: firstOfMonth(2),
    })
    .returning({ id: s.recurringDonations.id });
  await tx.insert(s.donations).values(
    [2, 1, 0].map((monthsAgo, i) => ({
      campaignId: saturdaySchool,
      userId: ids.users.fatima,
      recurringDonationId: mandate?.id ?? null,
      type: DonationType.Recurring,
      ...donor('fatima'),
      amount: toCents(250),
      campaignAmount: toCents(250),
      tipAmount: toCents(30),
      paymentMethod: PaymentGateway.PayFast,
      status: DonationStatus.Accepted,
      displayName: 'Fatima P.',
      cardConsent: true,
      reference: `DEMO-RECUR-001-${i + 1}`,
      settledAt: firstOfMonth(monthsAgo),
      createdAt: firstOfMonth(monthsAgo),
      updatedAt: firstOfMonth(monthsAgo),
    })),
  );
}

async function insertUpdates(tx: Tx, ids: DemoIds): Promise<void> {
  const at = (days: number): Date => new Date(ids.now + days * DAY);
  const updates: [string, UserKey, number, string, string?][] = [
    [
      'help-lwazi-walk-again',
      'sipho',
      -30,
      'Thank you all! Lwazi had his first assessment at the rehabilitation centre this week. The ' +
        'physiotherapists are hopeful: he already has some feeling back in his left leg.',
    ],
    [
      'help-lwazi-walk-again',
      'sipho',
      -7,
      'The surgery is booked for the second week of December and the surgeon’s deposit is paid. Lwazi ' +
        'asked me to say thank you to "everyone who believes in me".',
    ],
    [
      'siyakhula-saturday-school',
      'anele',
      -60,
      'Term results are in: 84% of our Grade 12s improved their maths mark since March. A few of their ' +
        'books from last Saturday below.',
      'saturday-school-update.svg',
    ],
    [
      'siyakhula-saturday-school',
      'kagiso',
      -15,
      'Thanks to you, every one of our 120 learners now has a scientific calculator of their own.',
    ],
    [
      'in-loving-memory-of-themba-zulu',
      'sipho',
      -55,
      'We have closed the campaign after reaching the target. The funeral is paid for and the rest is in ' +
        'the study fund for Ayanda and Zinhle. Nandi and the girls thank every one of you.',
    ],
    [
      'sterilise-500-in-graaff-reinet',
      'lerato',
      -10,
      'The first 120 animals are done! Our Saturday clinic in Kroonvale had a queue around the block.',
    ],
    [
      'pieter-rides-the-cycle-tour',
      'pieter',
      -3,
      'Training update: 1 200 km in the legs since September, and the knee is holding up.',
    ],
  ];
  for (const [url, user, days, description, image] of updates) {
    const [row] = await tx
      .insert(s.campaignUpdates)
      .values({ campaignId: campaignId(ids, url), userId: ids.users[user], description, createdAt: at(days) })
      .returning({ id: s.campaignUpdates.id });
    const fileId = image ? ids.files.get(image) : undefined;
    if (row && fileId)
      await tx.insert(s.campaignUpdateMedia).values({ campaignUpdateId: row.id, kind: 'image', fileId });
  }
}

async function insertBankingAndPayouts(tx: Tx, ids: DemoIds): Promise<void> {
  const at = (days: number): Date => new Date(ids.now + days * DAY);
  const reviewed = { reviewedById: ids.users.nomvula, reviewedAt: at(-280) };
  const [siyakhulaBank] = await tx
    .insert(s.bankingDetails)
    .values({
      organisationId: ids.organisations.siyakhula,
      submittedById: ids.users.anele,
      accountHolderName: 'Siyakhula Education Trust',
      accountHolderEmail: 'finance@siyakhula.example.org',
      idType: BankingIdType.TrustNumber,
      idNumber: 'IT1234/2014',
      statementReference: 'LETSEMA PAYOUT',
      bankId: 21,
      bankName: 'First National Bank',
      accountNumber: '62845190273',
      bankCode: '250655',
      accountType: AccountType.Business,
      requestStatus: BankingRequestStatus.Accepted,
      ...reviewed,
    })
    .returning({ id: s.bankingDetails.id });
  await tx.insert(s.bankingDetails).values({
    organisationId: ids.organisations.karoo,
    submittedById: ids.users.lerato,
    accountHolderName: 'Karoo Animal Rescue NPC',
    idType: BankingIdType.OrganizationRegistrationNumber,
    idNumber: '2019/482210/08',
    bankId: 16,
    bankName: 'Capitec Bank',
    accountNumber: '1452098736',
    bankCode: '470010',
    accountType: AccountType.Business,
    requestStatus: BankingRequestStatus.Pending,
  });
  const themba = campaignId(ids, 'in-loving-memory-of-themba-zulu');
  const [familyBank] = await tx
    .insert(s.bankingDetails)
    .values({
      campaignId: themba,
      submittedById: ids.users.sipho,
      accountHolderName: 'N Zulu',
      accountHolderEmail: 'sipho.ndlovu@letsema.test',
      idType: BankingIdType.SAIdNumber,
      idNumber: '8503150000000',
      bankId: 45,
      bankName: 'Standard Bank',
      accountNumber: '10098765432',
      bankCode: '051001',
      accountType: AccountType.Cheque,
      requestStatus: BankingRequestStatus.Accepted,
      ...reviewed,
    })
    .returning({ id: s.bankingDetails.id });

  const bluetickAmount = Math.floor((ids.raised.get('in-loving-memory-of-themba-zulu') ?? 0) * 0.9);
  if (bluetickAmount > 0) {
    const [payout] = await tx
      .insert(s.payouts)
      .values({
        campaignId: themba,
        requestedById: ids.users.sipho,
        status: PayoutStatus.Paid,
        amount: bluetickAmount,
        payoutOption: 'invoice',
        description: 'Funeral costs and the study fund for Ayanda and Zinhle',
        notes: 'Invoice from Avbob Soweto attached; the balance to the family account.',
        bankingDetailId: familyBank?.id ?? null,
        reviewedById: ids.users.nomvula,
        reviewedAt: at(-52),
        paidAt: at(-50),
        createdAt: at(-54),
      })
      .returning({ id: s.payouts.id });
    if (payout)
      await tx
        .insert(s.payoutItems)
        .values({ payoutId: payout.id, campaignId: themba, amount: bluetickAmount });
  }

  const items = ['siyakhula-saturday-school', 'solar-power-for-siyakhula']
    .map((url) => ({
      campaignId: campaignId(ids, url),
      amount: Math.floor((ids.raised.get(url) ?? 0) * 0.4),
    }))
    .filter((item) => item.amount > 0);
  const total = items.reduce((sum, item) => sum + item.amount, 0);
  if (total === 0) return;
  const [orgPayout] = await tx
    .insert(s.payouts)
    .values({
      organisationId: ids.organisations.siyakhula,
      requestedById: ids.users.anele,
      status: PayoutStatus.Pending,
      currencyId: Currency.Rand,
      amount: total,
      tipPercentage: ORG_PAYOUT_TIP_PERCENTAGE,
      tipAmount: percentOfCents(total, ORG_PAYOUT_TIP_PERCENTAGE),
      description: 'Term 4 teacher stipends and the solar installer’s deposit',
      notes: 'Installer invoice INV-2291 to follow.',
      bankingDetailId: siyakhulaBank?.id ?? null,
      createdAt: at(-1),
    })
    .returning({ id: s.payouts.id });
  if (orgPayout)
    await tx.insert(s.payoutItems).values(items.map((item) => ({ payoutId: orgPayout.id, ...item })));
}

/** Everything around the campaigns: donations by demo users, updates, banking, payouts, the back office's queues, the banner. */
export async function insertDemoExtras(tx: Tx, ids: DemoIds): Promise<void> {
  await insertUserDonations(tx, ids);
  await insertUpdates(tx, ids);
  await insertBankingAndPayouts(tx, ids);
  await insertQueueItems(tx, ids);
  await tx.insert(s.banners).values({
    message:
      '<p><strong>Welcome to the Letsema demo.</strong> Payments go to the built-in sandbox, so no real ' +
      'money moves. <a href="/home/links?tab=how">See how it works</a>.</p>',
    isVisible: true,
  });
}
