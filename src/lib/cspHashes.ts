import type { CspHash } from 'astro';

/**
 * sonner injects its stylesheet as a <style> element when its module loads.
 * Under the CSP's hashed style-src that element is allowed only by its hash;
 * tests/unit/http/cspHashes.test.ts recomputes it from the installed sonner, so an
 * upgrade that changes the CSS fails the test rather than the toasts' looks.
 */
export const SONNER_STYLE_HASH: CspHash = 'sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY=';
