// The yardstick for page throughput: a built /_astro/*.js file of about the page's compressed size,
// served by the same process in the same run. A page served "at near-static speed" comes close to it.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../scripts/test-support/server.mjs';

const ASSETS_DIR = join(ROOT, process.env.BUILD_DIR || 'dist', 'client/_astro');

/** Every built /_astro/*.js with the size of its brotli copy (what a browser is sent). */
function builtScripts() {
  return readdirSync(ASSETS_DIR)
    .filter((name) => name.endsWith('.js.br'))
    .map((name) => ({
      path: `/_astro/${name.slice(0, -3)}`,
      brBytes: statSync(join(ASSETS_DIR, name)).size,
    }));
}

/** The built script whose .br size is closest to `bytes` (a page's compressed HTML). */
export function staticAssetLike(bytes) {
  const scripts = builtScripts();
  if (scripts.length === 0)
    throw new Error(`no precompressed scripts in ${ASSETS_DIR}: is the build complete?`);
  return scripts.reduce((best, s) =>
    Math.abs(s.brBytes - bytes) < Math.abs(best.brBytes - bytes) ? s : best,
  );
}
