import { dataPath, env } from './env';
import type { FileStorage } from './storageContract';
import { createLocalStorage } from './storageLocal';
import { createS3Storage } from './storageS3';

let storage: FileStorage | undefined;

/** The configured storage: the S3_* bucket when set, else the local directory DATA_DIR/files. */
export function getStorage(): FileStorage {
  storage ??= env.s3 ? createS3Storage(env.s3) : createLocalStorage(dataPath('files'));
  return storage;
}
