import { AwsClient } from 'aws4fetch';
import type { S3Env } from './env';
import { contentTypeOf, type FileStorage, isSafeStorageKey } from './storageContract';

/** How long the store may take to start answering; a download itself may take as long as the client does. */
const ANSWER_TIMEOUT_MS = 30_000;
/** aws4fetch retries 5xx and 429 with backoff; its default (10) could hold an upload for a minute. */
const RETRIES = 2;

/**
 * The store said no, or could not be reached. `code` says which call and what
 * answer ("PUT 403 AccessDenied"): the server's error log shows the code and
 * never a message, and neither ever holds a key or a signature.
 */
export class ObjectStoreError extends Error {
  override name = 'ObjectStoreError';
  readonly code: string;
  constructor(code: string, key: string, options?: ErrorOptions) {
    super(`Object storage failed: ${code} (key ${key}).`, options);
    this.code = code;
  }
}

/** The `<Code>` of an S3 error document (its other fields may echo the access key id). */
async function s3ErrorCode(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  return /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(text)?.[1] ?? response.statusText.replace(/\s+/g, '');
}

/**
 * Files in one S3-compatible bucket, signed with SigV4 (aws4fetch). Objects
 * are written without an ACL, so they get the bucket's default, private: a
 * private document is only ever served through /files, which checks who asks.
 */
export function createS3Storage(config: S3Env): FileStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
    retries: RETRIES,
  });
  const endpoint = new URL(config.endpoint);
  const base = config.forcePathStyle
    ? `${config.endpoint}/${config.bucket}`
    : `${endpoint.protocol}//${config.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}`;

  /** Sends a signed request; resolves once the answer's headers are in. */
  async function send(method: string, key: string, init: RequestInit = {}): Promise<Response> {
    if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), ANSWER_TIMEOUT_MS);
    try {
      return await client.fetch(`${base}/${key}`, { ...init, method, signal: abort.signal });
    } catch (error) {
      const why = abort.signal.aborted ? 'timeout' : 'unreachable';
      throw new ObjectStoreError(`${method} ${why}`, key, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  async function fail(method: string, key: string, response: Response): Promise<never> {
    throw new ObjectStoreError(`${method} ${response.status} ${await s3ErrorCode(response)}`, key);
  }

  return {
    async put(key, bytes, contentType) {
      const response = await send('PUT', key, {
        // Uploads and sharp's output are backed by ordinary ArrayBuffers, never shared ones.
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: { 'content-type': contentType },
      });
      if (!response.ok) return fail('PUT', key, response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) return fail('GET', key, response);
      return {
        body: response.body,
        size: Number(response.headers.get('content-length') ?? 0),
        contentType: response.headers.get('content-type') ?? contentTypeOf(key),
        // S3's ETag is already a quoted strong validator (the MD5 of a single-part upload).
        etag: response.headers.get('etag') ?? `"${key}"`,
      };
    },
    async delete(key) {
      const response = await send('DELETE', key);
      // S3 answers 204 for a key that is not there; some stores answer 404.
      if (!response.ok && response.status !== 404) return fail('DELETE', key, response);
      await response.body?.cancel();
    },
  };
}
