import { describe, expect, it } from 'vitest';
import { classifyLoadError, MAX_AUTO_RELOADS } from '~/lib/loadFailure';

describe('load failure reloads', () => {
  it('allows 2 automatic reloads per kind (SPEC §9)', () => {
    expect(MAX_AUTO_RELOADS).toEqual({ module: 2, stylesheet: 2 });
  });
});

describe('classifying errors', () => {
  it('recognises failed dynamic imports in every browser', () => {
    expect(
      classifyLoadError(new TypeError('Failed to fetch dynamically imported module: /_astro/x.js')),
    ).toBe('module');
    expect(classifyLoadError(new TypeError('error loading dynamically imported module: /_astro/x.js'))).toBe(
      'module',
    );
    expect(classifyLoadError(new TypeError('Importing a module script failed.'))).toBe('module');
    expect(classifyLoadError('Failed to load module script: Expected a JavaScript module')).toBe('module');
  });
  it('recognises a failed CSS preload as a stylesheet failure', () => {
    expect(classifyLoadError(new Error('Unable to preload CSS for /_astro/home.css'))).toBe('stylesheet');
  });
  it('leaves other errors alone', () => {
    expect(classifyLoadError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeNull();
    expect(classifyLoadError(undefined)).toBeNull();
    expect(classifyLoadError({ message: 42 })).toBeNull();
  });
});
