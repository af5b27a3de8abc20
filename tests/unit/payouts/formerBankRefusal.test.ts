import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareServerTestEnv } from '../support/serverEnv';

// Issue 29: new or changed banking details may not name a bank that no longer exists; the account
// already on file, sent again unchanged, stays valid. On in-memory PGlite, as the API cannot make a
// row naming a former bank any more (tests/api/organisations-verification.test.ts has the refusal over HTTP).
const testEnv = prepareServerTestEnv();
const { closeDb, getDb } = await import('~/lib/server/db');
const { bankingDetails, organisations } = await import('~/lib/server/db/schema');
const { refuseFormerBank } = await import('~/lib/server/campaigns/verification');

type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;
let organisationId: string;

beforeAll(async () => {
  db = await getDb();
  const tag = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(organisations)
    .values({ legalName: `Trust ${tag}`, url: `trust-${tag}` })
    .returning({ id: organisations.id });
  if (!row) throw new Error('no organisation row');
  organisationId = row.id;
  // Details accepted years ago, at VBS Mutual Bank.
  await db.insert(bankingDetails).values({
    organisationId,
    accountHolderName: 'Ikhaya Trust',
    bankName: 'VBS Mutual Bank',
    bankCode: '588000',
    accountNumber: '1234 567 890',
  });
}, 180_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

const VBS_REFUSED = {
  status: 400,
  fieldErrors: {
    'bankingDetails.bankName': [
      'VBS Mutual Bank no longer exists. Please choose the bank that holds the account now.',
    ],
  },
};

describe('refuseFormerBank', () => {
  it('keeps the account on file valid when it is sent again unchanged', async () => {
    await expect(
      refuseFormerBank({ bankName: 'VBS Mutual Bank', accountNumber: '1234567890' }, { organisationId }, db),
    ).resolves.toBeUndefined();
  });

  it('refuses the former bank with another account number, naming the field and what to do', async () => {
    await expect(
      refuseFormerBank({ bankName: 'VBS Mutual Bank', accountNumber: '9999999999' }, { organisationId }, db),
    ).rejects.toMatchObject(VBS_REFUSED);
  });

  it('refuses a former bank for an account with none on file, or for a supplier', async () => {
    const stranger = { organisationId: randomUUID() };
    await expect(
      refuseFormerBank({ bankName: 'VBS Mutual Bank', accountNumber: '1234567890' }, stranger, db),
    ).rejects.toMatchObject(VBS_REFUSED);
    await expect(
      refuseFormerBank({ bankName: 'Volkskas Bank (ABSA)', accountNumber: '1234567890' }, null, db),
    ).rejects.toMatchObject({
      status: 400,
      fieldErrors: {
        'bankingDetails.bankName': [
          "Volkskas Bank (ABSA) no longer exists: its accounts are now ABSA Bank's. Please choose ABSA Bank.",
        ],
      },
    });
  });

  it('lets a bank that exists through', async () => {
    await expect(
      refuseFormerBank({ bankName: 'ABSA Bank', accountNumber: '9999999999' }, { organisationId }, db),
    ).resolves.toBeUndefined();
  });
});
