import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { SONNER_STYLE_HASH } from '~/lib/cspHashes';

describe('CSP hashes', () => {
  it('match the stylesheet the installed sonner injects', () => {
    const require = createRequire(import.meta.url);
    const source = readFileSync(require.resolve('sonner').replace(/index\.js$/, 'index.mjs'), 'utf8');
    const literal = source.match(/__insertCSS\(("(?:[^"\\]|\\.)*")\)/)?.[1];
    expect(literal, 'sonner no longer calls __insertCSS with a string literal').toBeDefined();
    const css = JSON.parse(literal ?? '""') as string;
    expect(SONNER_STYLE_HASH).toBe(`sha256-${createHash('sha256').update(css).digest('base64')}`);
  });
});
