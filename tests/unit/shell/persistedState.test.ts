import { persistentAtom, setPersistentEngine } from '@nanostores/persistent';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSafeStorageEngine } from '~/stores/storage';

// docs/SPEC-NOTES.md: the SPEC's 5 s persisted-state time-out is moot because rehydration is
// synchronous. These fail if a store ever has to wait for its stored value.

const noEvents = { addEventListener() {}, removeEventListener() {} };

function storageOf(entries: Record<string, string>, broken = false): Storage {
  const data = new Map(Object.entries(entries));
  const fail = (): never => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return {
    get length() {
      return data.size;
    },
    key: (i: number) => [...data.keys()][i] ?? null,
    getItem: (key: string) => (broken ? fail() : (data.get(key) ?? null)),
    setItem: (key: string, value: string) => (broken ? fail() : void data.set(key, value)),
    removeItem: (key: string) => (broken ? fail() : void data.delete(key)),
    clear: () => data.clear(),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('persisted state (SPEC §4: no time-out needed)', () => {
  it('is in the store the moment the store exists, with no wait', () => {
    setPersistentEngine(createSafeStorageEngine(storageOf({ organizationId: 'org-7' })), noEvents);
    const $stored = persistentAtom<string | undefined>('organizationId', undefined);
    expect($stored.get()).toBe('org-7');
  });

  it('starts at once from the initial value when the storage throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setPersistentEngine(createSafeStorageEngine(storageOf({ organizationId: 'org-7' }, true)), noEvents);
    const $stored = persistentAtom<string | undefined>('organizationId', undefined);
    expect($stored.get()).toBeUndefined();
    $stored.set('org-8');
    expect($stored.get()).toBe('org-8');
    expect(warn).toHaveBeenCalledOnce();
  });
});
