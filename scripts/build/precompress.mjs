// An Astro integration: after a build, writes a brotli (.br, quality 11) and a gzip (.gz, level 9)
// copy beside every compressible client file, so the server (server/staticFiles.ts) sends them
// compressed without compressing anything per request. A copy that saves nothing is not written.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
]);

export function precompressDirectory(dir) {
  let count = 0;
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!COMPRESSIBLE.has(extname(name).toLowerCase())) continue;
    const path = join(dir, name);
    const raw = readFileSync(path);
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${path}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
    count++;
  }
  return count;
}

/** @returns {import('astro').AstroIntegration} */
export function precompress() {
  return {
    name: 'letsema:precompress',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        // `dir` is the client output for server builds.
        const count = precompressDirectory(fileURLToPath(dir));
        logger.info(`brotli and gzip copies written for ${count} client files`);
      },
    },
  };
}
