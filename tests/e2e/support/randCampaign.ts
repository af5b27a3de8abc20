import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import sharp from 'sharp';
import { demoUser } from './demo';

const owner = demoUser('kagiso');

/** A fresh launched rand campaign (all gateways on, default tip 12 %), so no other test moves its total. */
export async function launchedRandCampaign(
  request: APIRequestContext,
): Promise<{ id: string; url: string; name: string }> {
  if (!owner) throw new Error('demo user kagiso missing');
  const login = await request.post('/api/v1/authentication/login/', {
    data: { email: owner.email, password: owner.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { accessToken } = (await login.json()).data as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const name = `Water tanks for Nqutu ${randomUUID().slice(0, 6)}`;
  const image = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#1b998b' } })
    .png()
    .toBuffer();
  const created = await request.post('/api/v1/campaigns/', {
    headers,
    multipart: {
      name,
      story:
        '<p>Three rainwater tanks for the crèche in Nqutu, so the children have clean water all winter.</p>',
      donationTarget: '20000',
      campaignCategory: '7',
      images: { name: 'tanks.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, url } = (await created.json()).data as { id: string; url: string };
  const launched = await request.patch(`/api/v1/campaigns/${id}/launch`, { headers });
  expect(launched.status(), await launched.text()).toBe(200);
  return { id, url, name };
}
