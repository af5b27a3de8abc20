import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CAMPAIGNS } from '~/lib/server/db/seed/demo-campaigns';
import { DEMO_ORGANISATIONS } from '~/lib/server/db/seed/demo-users';
import { send } from './support/accounts';
import { demoToken, publicDetail } from './support/campaigns';
import { api, expectFailureEnvelope, expectSuccessEnvelope } from './support/http';

type Organisation = Record<string, unknown> & {
  id: string;
  legalName: string;
  userRole: number;
  orgDonationsTotal: number;
  organizationTotalFundsReceived: number;
  organizationFundsAvailable: number;
  organizationUsers: { userId: string; email: string; role: number }[];
  bankingDetail: { accountNumber: string } | null;
};

const SIYAKHULA = DEMO_ORGANISATIONS.find((o) => o.key === 'siyakhula');

const SPEC_FIELDS = [
  'id',
  'legalName',
  'otherName',
  'organizationSectors',
  'organizationTypeId',
  'address',
  'keywordsDescription',
  'organizationVideos',
  'organizationSocials',
  'briefDescription',
  'logo',
  's18Certificate',
  // Issue 15: printed on the Section 18A receipts the organisation issues.
  'pboNumber',
  // Issue 22: the Department of Social Development's NPO number, shown to staff reviewing it.
  'npoNumber',
  'mainContactPerson',
  'website',
  'telephone',
  'email',
  'orgDonationsTotal',
  'organizationTotalFundsReceived',
  'organizationFundsAvailable',
  'url',
  'isVerified',
  'teamMembers',
  'organizationUsers',
  'organizationAddresses',
  'videoUrls',
  'socialUrls',
  'bankingDetail',
  'verification',
  'userRole',
];

async function myOrganisation(token?: string) {
  return send<Organisation>('GET', '/api/v1/organizations/', undefined, token);
}

let ownerToken: string;
let owned: Organisation;

beforeAll(async () => {
  ownerToken = await demoToken('anele');
  const res = await myOrganisation(ownerToken);
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  owned = res.body.data;
});

describe('GET /organizations/ (the user’s organisation)', () => {
  it('answers the owner with the SPEC fields of the verified organisation and role 0', () => {
    expect(Object.keys(owned).sort()).toEqual([...SPEC_FIELDS].sort());
    expect(owned.legalName).toBe(SIYAKHULA?.legalName);
    expect(owned.url).toBe(SIYAKHULA?.url);
    expect(owned.isVerified).toBe(true);
    expect(owned.npoNumber).toBe(SIYAKHULA?.npoNumber);
    expect(owned.userRole).toBe(0);
    expect(owned.address).toMatchObject({ city: 'Soweto', province: 'Gauteng', zip: '1804' });
    expect(owned.organizationSectors).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 1, name: expect.any(String) })]),
    );
    expect(owned.organizationUsers.map((u) => u.role).sort()).toEqual([0, 1, 3]);
  });

  it('totals the accepted donations of the organisation’s campaigns', async () => {
    const urls = DEMO_CAMPAIGNS.filter((c) => c.organisation === 'siyakhula').map((c) => c.url);
    expect(urls.length).toBeGreaterThan(0);
    const details = await Promise.all(urls.map((url) => publicDetail(url, 0, ownerToken)));
    const cents = details.reduce((sum, res) => {
      expect(res.status, res.text.slice(0, 200)).toBe(200);
      return sum + Math.round(res.body.data.donationsReceivedTotal * 100);
    }, 0);
    expect(cents).toBeGreaterThan(0);
    expect(owned.orgDonationsTotal).toBe(cents / 100);
    expect(owned.organizationTotalFundsReceived).toBe(cents / 100);
    expect(owned.organizationFundsAvailable).toBeLessThanOrEqual(owned.organizationTotalFundsReceived);
    expect(owned.organizationFundsAvailable).toBeGreaterThanOrEqual(0);
  });

  it('masks all but the last 4 digits of the account number', () => {
    const accountNumber = owned.bankingDetail?.accountNumber ?? '';
    expect(accountNumber).toMatch(/^\*+\d{4}$/);
    expect(JSON.stringify(owned)).not.toContain('62845190273');
  });

  it('answers the admin and the champion with the same organisation and their own role', async () => {
    const [admin, champion] = await Promise.all([
      demoToken('kagiso').then(myOrganisation),
      demoToken('pieter').then(myOrganisation),
    ]);
    expect(admin.status).toBe(200);
    expectSuccessEnvelope(admin.body);
    expect(admin.body.data.id).toBe(owned.id);
    expect(admin.body.data.userRole).toBe(1);
    expect(champion.status).toBe(200);
    expect(champion.body.data.id).toBe(owned.id);
    expect(champion.body.data.userRole).toBe(3);
  });

  it('answers 404 to a user with no organisation', async () => {
    const res = await myOrganisation(await demoToken('fatima'));
    expect(res.status).toBe(404);
    expectFailureEnvelope(res.body);
    expect(res.body.meta.message).toBe('You have no organisation yet.');
  });

  it('answers 401 to a visitor', async () => {
    const res = await api('/api/v1/organizations/');
    expect(res.status).toBe(401);
    expectFailureEnvelope(res.body);
  });
});
