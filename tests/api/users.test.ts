import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, registerUser, type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import { demoPassword } from './support/campaigns';
import { api, baseUrl, expectFailureEnvelope, expectSuccessEnvelope } from './support/http';

interface UserProfile {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: Record<string, string | null>;
  createdAt: string;
  emailConfirmed: boolean;
  active: boolean;
  image: { url: string; fileName: string } | null;
}

const EMPTY_ADDRESS = {
  addressLine1: null,
  addressLine2: null,
  zip: null,
  city: null,
  province: null,
  country: null,
};

let alice: SignedInAccount;
let bob: SignedInAccount;

beforeAll(async () => {
  [alice, bob] = await Promise.all([
    verifyAndLogin({ firstName: 'Alinah', lastName: 'Mokoena' }),
    verifyAndLogin({ firstName: 'Bongani', lastName: 'Sithole' }),
  ]);
});

const profileOf = (account: SignedInAccount, token = account.accessToken) =>
  send<UserProfile>('GET', `/api/v1/users/${account.id}`, undefined, token);

async function png(width: number, height: number): Promise<Uint8Array> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
}

function uploadImage(
  userId: string,
  token: string | null,
  bytes: Uint8Array,
  name = 'me.png',
  type = 'image/png',
) {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(bytes)], { type }), name);
  return api<UserProfile>(`/api/v1/users/${userId}/image`, {
    method: 'PATCH',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
}

describe('GET /users/{userId}', () => {
  it('answers the signed-in user their own profile', async () => {
    const res = await profileOf(alice);
    expect(res.status, res.text).toBe(200);
    expectSuccessEnvelope(res.body);
    expect(res.body.data).toEqual({
      id: alice.id,
      firstName: 'Alinah',
      lastName: 'Mokoena',
      email: alice.email,
      phone: null,
      address: EMPTY_ADDRESS,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      emailConfirmed: true,
      active: true,
      image: null,
    });
  });

  it("403 for another user's profile, 401 for a visitor or a bad token", async () => {
    const other = await profileOf(bob, alice.accessToken);
    expect(other.status).toBe(403);
    expectFailureEnvelope(other.body);
    expect(other.text).not.toContain(bob.email);
    expect((await send('GET', `/api/v1/users/${alice.id}`)).status).toBe(401);
    expect((await send('GET', `/api/v1/users/${alice.id}`, undefined, 'not.a.token')).status).toBe(401);
    expect((await send('GET', '/api/v1/users/not-a-uuid', undefined, alice.accessToken)).status).toBe(403);
  });

  it('an admin may read any profile; an unknown id is then 404', async () => {
    const admin = await loginAs('admin@letsema.test', demoPassword);
    const res = await profileOf(bob, admin.accessToken);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.email).toBe(bob.email);
    const unknown = await send(
      'GET',
      '/api/v1/users/00000000-0000-4000-8000-000000000000',
      undefined,
      admin.accessToken,
    );
    expect(unknown.status).toBe(404);
  });
});

describe('PATCH /users', () => {
  const address = {
    addressLine1: '12 Long Street',
    addressLine2: 'Flat 3',
    zip: '8001',
    city: 'Cape Town',
    province: 'Western Cape',
    country: 'South Africa',
  };

  it('updates the signed-in user, and the next token carries the new claims', async () => {
    const account = await verifyAndLogin();
    const res = await send<UserProfile>(
      'PATCH',
      '/api/v1/users',
      { firstName: 'Zanele', lastName: 'Khoza', phone: '+27 82 555 0199', address },
      account.accessToken,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.message).toBe('Profile updated successfully.');
    expect(res.body.data).toMatchObject({
      firstName: 'Zanele',
      lastName: 'Khoza',
      phone: '+27 82 555 0199',
      address,
    });
    expect((await profileOf(account)).body.data).toEqual(res.body.data);

    const refreshed = await send<{ accessToken: string }>('POST', '/api/v1/authentication/refresh', {
      refreshToken: account.refreshToken,
    });
    const claims = JSON.parse(
      Buffer.from(refreshed.body.data.accessToken.split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(claims).toMatchObject({
      firstName: 'Zanele',
      msisdn: '+27 82 555 0199',
      location: 'Cape Town, Western Cape',
    });
  });

  it('leaves out what is not sent and clears what is sent empty', async () => {
    const account = await verifyAndLogin();
    await send(
      'PATCH',
      '/api/v1/users/',
      { firstName: 'A', lastName: 'B', phone: '0825550100', address },
      account.accessToken,
    );
    const res = await send<UserProfile>(
      'PATCH',
      '/api/v1/users/',
      {
        firstName: 'A',
        lastName: 'B',
        address: { addressLine2: '', city: 'Durban', province: 'KwaZulu-Natal' },
      },
      account.accessToken,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.phone).toBe('0825550100');
    expect(res.body.data.address).toEqual({
      ...address,
      addressLine2: null,
      city: 'Durban',
      province: 'KwaZulu-Natal',
    });
  });

  it.each([
    ['firstName', { firstName: 'Zan3le!' }, 'First name should not contain any special characters'],
    ['lastName', { lastName: '' }, 'Surname is a required field'],
    ['phone', { phone: '12' }, 'Please complete mobile number'],
    ['address.province', { address: { province: 'Gotham' } }, 'Please select a province.'],
  ])('400 on %s', async (field, change, message) => {
    const res = await send(
      'PATCH',
      '/api/v1/users',
      { firstName: 'A', lastName: 'B', ...change },
      alice.accessToken,
    );
    expect(res.status, res.text).toBe(400);
    expect((res.body.data as Record<string, string[]>)[field]).toEqual([message]);
  });

  it('401 for a visitor', async () => {
    expect((await send('PATCH', '/api/v1/users', { firstName: 'A', lastName: 'B' })).status).toBe(401);
  });

  it('can never change another user: ids and emails in the body are ignored', async () => {
    const victim = await verifyAndLogin({ firstName: 'Victim' });
    const attacker = await verifyAndLogin();
    const res = await send<UserProfile>(
      'PATCH',
      '/api/v1/users',
      { id: victim.id, email: victim.email, firstName: 'Hacked', lastName: 'Hacked' },
      attacker.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(attacker.id);
    expect(res.body.data.email).toBe(attacker.email);
    expect((await profileOf(victim)).body.data.firstName).toBe('Victim');
  });
});

describe('PATCH /users/{userId}/image', () => {
  it('stores a real PNG as WebP; the profile points at a URL that serves it', async () => {
    const account = await verifyAndLogin();
    const res = await uploadImage(account.id, account.accessToken, await png(640, 480), 'holiday.png');
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.message).toBe('Profile picture updated successfully.');
    const image = res.body.data.image;
    expect(image).toEqual({ url: expect.stringMatching(/^\/files\//), fileName: 'holiday.png' });
    expect((await profileOf(account)).body.data.image).toEqual(image);
    const served = await fetch(`${baseUrl}${image?.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\/webp/);
  });

  it('replacing the picture deletes the old file', async () => {
    const account = await verifyAndLogin();
    const first = await uploadImage(account.id, account.accessToken, await png(300, 300));
    const second = await uploadImage(account.id, account.accessToken, await png(400, 300));
    expect(second.status, second.text).toBe(200);
    expect(second.body.data.image?.url).not.toBe(first.body.data.image?.url);
    expect((await fetch(`${baseUrl}${first.body.data.image?.url}`)).status).toBe(404);
    expect((await fetch(`${baseUrl}${second.body.data.image?.url}`)).status).toBe(200);
  });

  it('400 for a text file named .png', async () => {
    const text = new TextEncoder().encode('just some text pretending to be a picture');
    const res = await uploadImage(alice.id, alice.accessToken, text, 'fake.png');
    expect(res.status, res.text).toBe(400);
    expectFailureEnvelope(res.body);
    expect(res.body.meta.message).toBe('Please upload a JPEG, PNG, WebP, GIF or AVIF image.');
  });

  it('413 over 5 MB', async () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(await png(10, 10));
    const res = await uploadImage(alice.id, alice.accessToken, big, 'huge.png');
    expect(res.status, res.text).toBe(413);
    expectFailureEnvelope(res.body);
  });

  it('400 without an image field', async () => {
    const form = new FormData();
    form.set('other', 'x');
    const res = await api(`/api/v1/users/${alice.id}/image`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${alice.accessToken}` },
      body: form,
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.data).toEqual({ image: ['Please choose a picture to upload.'] });
  });

  it("403 for another user's picture (nothing changes), 401 for a visitor", async () => {
    const res = await uploadImage(bob.id, alice.accessToken, await png(50, 50));
    expect(res.status).toBe(403);
    expect((await profileOf(bob)).body.data.image).toBeNull();
    expect((await uploadImage(bob.id, null, await png(50, 50))).status).toBe(401);
  });

  it('an unconfirmed user can manage their own profile too', async () => {
    const account = await registerUser();
    const { accessToken } = await loginAs(account.email, account.password);
    const res = await send<UserProfile>('GET', `/api/v1/users/${account.id}`, undefined, accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.emailConfirmed).toBe(false);
  });
});
