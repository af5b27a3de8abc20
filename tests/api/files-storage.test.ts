import { AwsClient } from 'aws4fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInAccount, verifyAndLogin } from './support/accounts';
import { formOf, multipart, type OwnerView, png, readyCampaign } from './support/campaigns';
import { baseUrl, page } from './support/http';

/**
 * The PostgreSQL pass gives the server an s3rver bucket (scripts/test.mjs); this file
 * checks, from the bucket's side, that uploads really land there and that /files serves
 * exactly those bytes. The PGlite pass keeps files on local disk and skips it.
 */
const endpoint = process.env.S3_ENDPOINT;
const bucket = process.env.S3_BUCKET;

const store = new AwsClient({
  accessKeyId: process.env.S3_ACCESS_KEY_ID ?? '',
  secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? '',
  service: 's3',
  region: process.env.S3_REGION ?? 'us-east-1',
});

/** The bucket's keys under a prefix (ListObjectsV2). */
async function keysInBucket(prefix: string): Promise<string[]> {
  const res = await store.fetch(`${endpoint}/${bucket}?list-type=2&prefix=${encodeURIComponent(prefix)}`);
  expect(res.status).toBe(200);
  return [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1] as string).sort();
}

async function objectBytes(key: string): Promise<Uint8Array> {
  const res = await store.fetch(`${endpoint}/${bucket}/${key}`);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe.runIf(endpoint && bucket)('uploads with S3 storage', () => {
  let owner: SignedInAccount;
  beforeAll(async () => {
    owner = await verifyAndLogin({ firstName: 'Naledi', lastName: 'Bucket' });
  });

  it('puts every width of a picture in the bucket, and /files serves those bytes', async () => {
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(await png(400, 400))], { type: 'image/png' }), 'me.png');
    const uploaded = await multipart<{ image: { url: string } }>(
      'PATCH',
      `/api/v1/users/${owner.id}/image`,
      form,
      owner.accessToken,
    );
    expect(uploaded.status, uploaded.text).toBe(200);
    const key = uploaded.body.data.image.url.replace('/files/', '');
    const folder = key.replace(/\d+\.webp$/, '');
    expect(await keysInBucket(folder)).toEqual([`${folder}256.webp`, `${folder}96.webp`]);

    const served = await fetch(`${baseUrl}/files/${key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(await objectBytes(key));
  });

  it('keeps private documents in the bucket, served only to their owner', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n% an identity document in a bucket\n%%EOF\n');
    const campaign = await readyCampaign(owner.accessToken);
    const form = formOf(
      {
        bankingDetails: {
          accountHolderName: 'Naledi Bucket',
          idType: 1,
          idNumber: '8001015009087',
          accountNumber: '62845190273',
          bankCode: '250655',
          accountType: 0,
        },
      },
      [{ name: 'id.pdf', bytes: pdf, type: 'application/pdf' }],
      'identificationDocumentation',
    );
    const res = await multipart<OwnerView>(
      'PATCH',
      `/api/v1/campaigns/${campaign.id}/verification`,
      form,
      owner.accessToken,
    );
    expect(res.status, res.text).toBe(200);
    const url = res.body.data.identificationDocumentation[0]?.url ?? '';
    const key = url.replace('/files/', '');
    expect(key).toMatch(/^documents\/[0-9a-f-]{36}\.pdf$/);
    expect(await keysInBucket(key)).toEqual([key]);
    expect(await objectBytes(key)).toEqual(pdf);

    expect((await page(url)).status).toBe(404);
    const own = await page(url, { headers: { authorization: `Bearer ${owner.accessToken}` } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''id.pdf");
    expect(own.html).toBe(new TextDecoder().decode(pdf));
  });
});
