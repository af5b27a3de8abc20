import { type APIRequestContext, expect } from '@playwright/test';
import { demoUser } from './demo';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A counted gift of `amount` rand to the campaign at `campaignUrl`: the demo admin gives by EFT
 * (signed in as `adminToken`) and marks the transfer received. Resolves to the donation's id.
 */
export async function countedEftGift(
  request: APIRequestContext,
  adminToken: string,
  campaignUrl: string,
  amount: number,
): Promise<string> {
  const admin = demoUser('nomvula');
  const donation = await request.post('/api/v1/donations/logged-in', {
    headers: bearer(adminToken),
    data: {
      type: 0,
      currencyId: 1,
      amount,
      tipOrAdminFeeAmount: 0,
      paymentMethod: 0,
      firstName: admin.firstName,
      lastName: admin.lastName,
      email: admin.email,
      mobileNumber: '0821234567',
      anonymous: false,
      displayName: '',
      comment: '',
      campaignUrl: campaignUrl.split('/').filter(Boolean).pop(),
    },
  });
  expect(donation.status(), await donation.text()).toBe(201);
  const donationId: string = (await donation.json()).data.id;
  await markEftReceived(request, adminToken, donationId, amount);
  return donationId;
}

/** The admin (signed in as `adminToken`) sees `amount` rand arrive for the EFT donation `donationId`. */
export async function markEftReceived(
  request: APIRequestContext,
  adminToken: string,
  donationId: string,
  amount: number,
): Promise<void> {
  const received = await request.patch(`/api/v1/admin/donations/${donationId}/eft-received`, {
    headers: bearer(adminToken),
    data: { amount },
  });
  expect(received.status(), await received.text()).toBe(200);
}
