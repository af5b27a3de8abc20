import { setPersistentEngine, windowPersistentEvents } from '@nanostores/persistent';

type StorageKind = 'localStorage' | 'sessionStorage';

/**
 * The browser storage of that kind, or null when there is none (server) or
 * the browser blocks it (privacy settings, disabled cookies). Blocked storage
 * is tolerated with one console warning (SPEC §3).
 */
export function browserStorage(kind: StorageKind): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    const storage = window[kind];
    const probe = '__letsema_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch (error) {
    warnOnce(kind, error);
    return null;
  }
}

const warned = new Set<StorageKind>();
function warnOnce(kind: StorageKind, error: unknown): void {
  if (warned.has(kind)) return;
  warned.add(kind);
  console.warn(`${kind} is not available; settings will last only until the page is closed.`, error);
}

/**
 * A key/value object for @nanostores/persistent backed by localStorage, that
 * falls back to memory when the storage is blocked or throws (quota, Safari
 * private mode) instead of breaking the page.
 */
export function createSafeStorageEngine(storage: Storage | null): Record<string, string> {
  const memory = new Map<string, string>();
  let backing = storage;
  const fallBack = (error: unknown): void => {
    warnOnce('localStorage', error);
    backing = null;
  };
  return new Proxy({} as Record<string, string>, {
    get(_target, key) {
      if (typeof key !== 'string') return undefined;
      if (backing) {
        try {
          return backing.getItem(key) ?? undefined;
        } catch (error) {
          fallBack(error);
        }
      }
      return memory.get(key);
    },
    set(_target, key, value) {
      if (typeof key !== 'string') return false;
      memory.set(key, String(value));
      if (backing) {
        try {
          backing.setItem(key, String(value));
        } catch (error) {
          fallBack(error);
        }
      }
      return true;
    },
    deleteProperty(_target, key) {
      if (typeof key !== 'string') return true;
      memory.delete(key);
      if (backing) {
        try {
          backing.removeItem(key);
        } catch (error) {
          fallBack(error);
        }
      }
      return true;
    },
    has(_target, key) {
      if (typeof key !== 'string') return false;
      if (backing) {
        try {
          return backing.getItem(key) !== null;
        } catch (error) {
          fallBack(error);
        }
      }
      return memory.has(key);
    },
  });
}

const noEvents = { addEventListener() {}, removeEventListener() {} };

// Runs before any persistent store is created: every store module imports this one first.
setPersistentEngine(
  createSafeStorageEngine(browserStorage('localStorage')),
  typeof window === 'undefined' ? noEvents : windowPersistentEvents,
);

/** Empties localStorage, ignoring blocked storage. */
export function clearLocalStorage(): void {
  browserStorage('localStorage')?.clear();
}
