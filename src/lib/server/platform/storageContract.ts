import { extname } from 'node:path';

export interface StoredObject {
  /** The bytes as the reader takes them; cancel it when they are not wanted (a 304). */
  body: ReadableStream<Uint8Array>;
  /** Bytes in body. */
  size: number;
  contentType: string;
  /** A strong validator for If-None-Match; keys are never rewritten with other content. */
  etag: string;
}

/**
 * Where file bytes live, by key (`images/avatar/<uuid>/256.webp`). Keys are
 * made by the files service, never taken from a request. The local directory
 * is the default; an S3-compatible bucket (storageS3.ts) when S3_* is set.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** null when nothing is stored under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Succeeds when the key is already gone. */
  delete(key: string): Promise<void>;
}

/** Lower-case segments of letters, digits, `_`, `-` and `.`, none of them only dots. */
const SAFE_KEY = /^(?!.*(?:^|\/)\.+(?:\/|$))[a-z0-9._-]+(?:\/[a-z0-9._-]+)*$/;

export function isSafeStorageKey(key: string): boolean {
  return key.length <= 200 && SAFE_KEY.test(key);
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.pdf': 'application/pdf',
};

/** The content type a key's extension stands for (what the files service stored under it). */
export function contentTypeOf(key: string): string {
  return TYPES_BY_EXTENSION[extname(key)] ?? 'application/octet-stream';
}
