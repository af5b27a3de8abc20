import { mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, resolve, sep } from 'node:path';
import { dataPath } from './env';

export interface StoredObject {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  /** A strong validator for If-None-Match; keys are never rewritten with other content. */
  etag: string;
}

/**
 * Where file bytes live, by key (`images/avatar/<uuid>/256.webp`). Keys are
 * made by the files service, never taken from a request. The local directory
 * is the default; an S3-compatible bucket can implement the same three calls.
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

/** Files under one directory (DATA_DIR/files); the key is the relative path. */
export function createLocalStorage(root: string): FileStorage {
  const pathOf = (key: string): string => {
    const path = resolve(root, key);
    // The key pattern already rules out `..`; this is the belt to those braces.
    if (!isSafeStorageKey(key) || !path.startsWith(root + sep)) throw new Error(`Unsafe storage key: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed, so a reader never gets half a file.
      await writeFile(`${path}.tmp`, bytes);
      await rename(`${path}.tmp`, path);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const [bytes, info] = await Promise.all([readFile(path), stat(path)]);
        return {
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: TYPES_BY_EXTENSION[extname(key)] ?? 'application/octet-stream',
          etag: `"${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}"`,
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      // Leave no empty directory behind (it fails, harmlessly, while other variants remain).
      if (dirname(path) !== root) await rmdir(dirname(path)).catch(() => undefined);
    },
  };
}

let storage: FileStorage | undefined;

/** The configured storage (today always the local directory DATA_DIR/files). */
export function getStorage(): FileStorage {
  storage ??= createLocalStorage(dataPath('files'));
  return storage;
}
