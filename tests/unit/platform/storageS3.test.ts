import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { S3Env } from '~/lib/server/platform/env';
import { readS3Env } from '~/lib/server/platform/env';
import { createS3Storage, ObjectStoreError } from '~/lib/server/platform/storageS3';
import { startS3 } from '../../../scripts/test-support/s3.mjs';

let s3: Awaited<ReturnType<typeof startS3>>;
let config: S3Env;

beforeAll(async () => {
  s3 = await startS3();
  config = readS3Env(s3.env) as S3Env;
});

afterAll(async () => {
  await s3?.stop();
});

/** The bucket's keys under a prefix, as the store itself lists them (ListObjectsV2). */
async function keysInBucket(prefix: string): Promise<string[]> {
  const client = new AwsClient({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', service: 's3' });
  const response = await client.fetch(`${s3.endpoint}/${s3.bucket}?list-type=2&prefix=${prefix}`);
  const xml = await response.text();
  return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1] as string);
}

describe('S3 storage', () => {
  it('puts bytes in the bucket, streams them back with their type and etag, and deletes them', async () => {
    const storage = createS3Storage(config);
    const bytes = new TextEncoder().encode('%PDF-1.4 a bank letter');
    await storage.put('documents/3f0c.pdf', bytes, 'application/pdf');
    expect(await keysInBucket('documents/')).toEqual(['documents/3f0c.pdf']);

    const stored = await storage.get('documents/3f0c.pdf');
    expect(stored).toMatchObject({ size: bytes.byteLength, contentType: 'application/pdf' });
    expect(stored?.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(new Uint8Array(await new Response(stored?.body).arrayBuffer())).toEqual(bytes);

    await storage.delete('documents/3f0c.pdf');
    expect(await keysInBucket('documents/')).toEqual([]);
    expect(await storage.get('documents/3f0c.pdf')).toBeNull();
    // Deleting what is gone is not an error (a retried cleanup).
    await storage.delete('documents/3f0c.pdf');
  });

  it('never asks for a public ACL', async () => {
    const sent: Headers[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      // aws4fetch sends the Request it signed; its headers are what the store sees.
      sent.push(new Headers(input instanceof Request ? input.headers : init?.headers));
      return realFetch(input, init);
    });
    try {
      await createS3Storage(config).put('images/logo/a/160.webp', new Uint8Array([1, 2, 3]), 'image/webp');
    } finally {
      spy.mockRestore();
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get('x-amz-acl')).toBeNull();
    expect(sent[0]?.get('authorization')).toMatch(/^AWS4-HMAC-SHA256 Credential=S3RVER\//);
  });

  it('reports a refusal by call, status and S3 code, without the credentials', async () => {
    const storage = createS3Storage({ ...config, accessKeyId: 'AKIAUNKNOWN', secretAccessKey: 'sEcReT/kEy' });
    const error = await storage.put('images/a/1.webp', new Uint8Array([1]), 'image/webp').catch((e) => e);
    expect(error).toBeInstanceOf(ObjectStoreError);
    expect(error.code).toBe('PUT 403 InvalidAccessKeyId');
    expect(`${error.message} ${error.code}`).not.toMatch(/AKIAUNKNOWN|sEcReT/);
  });

  it('says the store is unreachable when nothing listens', async () => {
    const storage = createS3Storage({ ...config, endpoint: 'http://127.0.0.1:9' });
    const error = await storage.get('images/a/1.webp').catch((e) => e);
    expect(error).toBeInstanceOf(ObjectStoreError);
    expect(error.code).toBe('GET unreachable');
  });

  it('refuses keys that could leave the bucket prefix', async () => {
    await expect(createS3Storage(config).get('../other-bucket/x')).rejects.toThrow('Unsafe storage key');
  });

  it('addresses the bucket as a host name when path style is off', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 404 }));
    try {
      const storage = createS3Storage({
        ...config,
        endpoint: 'https://s3.example.net',
        forcePathStyle: false,
      });
      expect(await storage.get('images/a/1.webp')).toBeNull();
      expect(new Request(spy.mock.calls[0]?.[0] as Request).url).toBe(
        `https://${config.bucket}.s3.example.net/images/a/1.webp`,
      );
    } finally {
      spy.mockRestore();
    }
  });
});

describe('S3 settings', () => {
  const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

  it('keep files on local disk when none is given', () => {
    expect(readS3Env({})).toBeNull();
  });

  it('default to us-east-1, AWS for the region and path-style addressing', () => {
    expect(readS3Env({ S3_BUCKET: 'b', ...keys })).toEqual({
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('stop the start when half given, or with credentials in the endpoint', () => {
    expect(() => readS3Env({ S3_BUCKET: 'b' })).toThrow(
      'S3_BUCKET set but S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY not',
    );
    expect(() =>
      readS3Env({ S3_BUCKET: 'b', S3_ENDPOINT: 'https://id:secret@minio.local', ...keys }),
    ).toThrow('without credentials');
  });
});
