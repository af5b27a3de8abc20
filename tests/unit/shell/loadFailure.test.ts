import { describe, expect, it } from 'vitest';
import {
  classifyLoadError,
  decideLoadFailure,
  LOAD_FAILURE_MESSAGES,
  MAX_AUTO_RELOADS,
} from '~/lib/loadFailure';

describe('load failure decisions', () => {
  it('reloads a module failure automatically twice, then asks for a click', () => {
    const retrying = 'A new update for the application is available. Attempting to refresh automatically...';
    expect(decideLoadFailure('module', 0)).toEqual({ action: 'reload', message: retrying, attempts: 1 });
    expect(decideLoadFailure('module', 1)).toEqual({ action: 'reload', message: retrying, attempts: 2 });
    expect(decideLoadFailure('module', 2)).toEqual({
      action: 'prompt',
      message:
        "A new update for the application is available. We couldn't automatically refresh. Please try clicking the button below.",
      attempts: 2,
    });
  });

  it('reloads a stylesheet failure automatically twice, then asks for a click', () => {
    const retrying = "Some visual elements couldn't load correctly. Attempting to refresh automatically...";
    expect(decideLoadFailure('stylesheet', 0)).toEqual({ action: 'reload', message: retrying, attempts: 1 });
    expect(decideLoadFailure('stylesheet', 1)).toEqual({ action: 'reload', message: retrying, attempts: 2 });
    expect(decideLoadFailure('stylesheet', 5)).toEqual({
      action: 'prompt',
      message:
        "Some visual elements couldn't load correctly. We couldn't automatically refresh. Please try clicking the button below.",
      attempts: 5,
    });
  });

  it('treats a missing or corrupt counter as no attempts', () => {
    expect(decideLoadFailure('module', Number.NaN).action).toBe('reload');
    expect(decideLoadFailure('module', -3).attempts).toBe(1);
  });

  it('allows 2 automatic reloads per kind', () => {
    expect(MAX_AUTO_RELOADS).toEqual({ module: 2, stylesheet: 2 });
  });

  it('words the unexpected-error message as SPEC §8 does', () => {
    expect(LOAD_FAILURE_MESSAGES.unexpected).toBe(
      'Oops! An unexpected error occurred. Please try refreshing the page.',
    );
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
