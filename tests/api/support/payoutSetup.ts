import { expect } from 'vitest';
import type { PayoutCreated } from '~/lib/contracts/payouts';
import { send } from './accounts';
import { formOf, multipart, type OwnerView, ownerView } from './campaigns';
import { TINY_PDF, validBanking } from './documents';
import type { ApiResponse } from './http';

/** Accepted banking details, so payouts can be requested (as tests/api/payouts.test.ts sets them up). */

const banking = validBanking('Stress Payouts');

async function accept(detailId: string, adminToken: string): Promise<void> {
  const decided = await send(
    'PATCH',
    `/api/v1/admin/banking-details/${detailId}`,
    { accepted: true },
    adminToken,
  );
  expect(decided.status, decided.text).toBe(200);
}

/** The campaign's owner submits banking details under Verification; staff accept them. */
export async function acceptedCampaignBanking(token: string, id: string, adminToken: string): Promise<void> {
  const form = formOf(
    { bankingDetails: banking },
    [{ name: 'id.pdf', bytes: TINY_PDF, type: 'application/pdf' }],
    'identificationDocumentation',
  );
  const res = await multipart<OwnerView>('PATCH', `/api/v1/campaigns/${id}/verification`, form, token);
  expect(res.status, res.text).toBe(200);
  await accept((((await ownerView(token, id)).bankingDetail ?? {}) as { id: string }).id, adminToken);
}

/** The organisation's Owner submits its banking details; staff accept them. */
export async function acceptedOrganisationBanking(
  token: string,
  id: string,
  adminToken: string,
): Promise<void> {
  const form = formOf(
    { verification: {}, bankingDetails: { ...banking, idType: 3, idNumber: '2019/123456/08' } },
    [{ name: 'legal.pdf', bytes: TINY_PDF, type: 'application/pdf' }],
    'legalDocument',
  );
  const verified = await multipart('PATCH', `/api/v1/organizations/${id}/verification`, form, token);
  expect(verified.status, verified.text).toBe(200);
  const view = await send<{ bankingDetail: { id: string } }>(
    'GET',
    `/api/v1/organizations/${id}`,
    undefined,
    token,
  );
  await accept(view.body.data.bankingDetail.id, adminToken);
}

export const requestPayout = (token: string, body: unknown): Promise<ApiResponse<PayoutCreated>> =>
  send<PayoutCreated>('POST', '/api/v1/payouts/', body, token);
