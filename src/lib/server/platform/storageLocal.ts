import { mkdir, open, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { contentTypeOf, type FileStorage, isSafeStorageKey } from './storageContract';

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
      const handle = await open(path).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!handle) return null;
      try {
        const info = await handle.stat();
        // The stream closes the file when it ends or is cancelled.
        const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
        return {
          body,
          size: info.size,
          contentType: contentTypeOf(key),
          etag: `"${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}"`,
        };
      } catch (error) {
        await handle.close();
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
