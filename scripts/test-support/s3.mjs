// A throwaway S3-compatible store (s3rver, in this process) for the API suite's PostgreSQL pass and
// the storage unit tests: a free loopback port, a temporary directory, one bucket made up front.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/**
 * @typedef {object} RunningS3
 * @property {string} endpoint  e.g. http://127.0.0.1:41929 (no trailing slash)
 * @property {string} bucket
 * @property {string} directory  where s3rver keeps the bucket's objects
 * @property {Record<string, string>} env  the server's S3_* settings for this store
 * @property {() => Promise<void>} stop  stops the store and deletes its directory
 */

/**
 * Starts s3rver on 127.0.0.1. It accepts its own key pair (S3RVER / S3RVER) and checks
 * the signature's form, not the secret.
 * @param {{ bucket?: string }} [options]
 * @returns {Promise<RunningS3>}
 */
export async function startS3(options = {}) {
  const bucket = options.bucket ?? 'letsema-files';
  const directory = mkdtempSync(join(tmpdir(), 'letsema-s3-'));
  const store = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { address, port } = await store.run();
  const endpoint = `http://${address}:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await store.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
