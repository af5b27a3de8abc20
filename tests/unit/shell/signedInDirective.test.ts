import { afterEach, describe, expect, it, vi } from 'vitest';
import signedIn from '~/scripts/signedInDirective';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

/** Runs the directive on /profile?tab=3 with the given localStorage; says whether the island hydrated and where the browser went. */
async function open(local: Storage | 'blocked') {
  const session = memoryStorage();
  const assign = vi.fn();
  vi.stubGlobal('window', { location: { pathname: '/profile', search: '?tab=3', hash: '', assign } });
  vi.stubGlobal('sessionStorage', session);
  if (local === 'blocked')
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
  else vi.stubGlobal('localStorage', local);
  const hydrate = vi.fn(async () => {});
  const load = vi.fn(async () => hydrate);
  await signedIn(load, { name: 'signedin', value: '' }, {} as HTMLElement);
  await Promise.resolve();
  return { load, hydrate, assign, returnPath: session.getItem('letsema:returnPath') };
}

describe('client:signedin', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor with no stored session to login, with the page to come back to, and loads nothing', async () => {
    const visit = await open(memoryStorage());
    expect(visit.assign).toHaveBeenCalledWith('/auth/login');
    expect(visit.returnPath).toBe('/profile?tab=3');
    expect(visit.load).not.toHaveBeenCalled();
  });

  it('hydrates at once when an access or only a refresh token is stored (the island renews or refuses it)', async () => {
    for (const stored of [{ userAuthToken: 'a.b.c' }, { userAuthRefreshToken: 'refresh' }]) {
      const visit = await open(memoryStorage(stored));
      expect(visit.assign).not.toHaveBeenCalled();
      expect(visit.hydrate).toHaveBeenCalledTimes(1);
    }
  });

  it('hydrates when the browser blocks storage, leaving the decision to the island', async () => {
    const visit = await open('blocked');
    expect(visit.assign).not.toHaveBeenCalled();
    expect(visit.hydrate).toHaveBeenCalledTimes(1);
  });
});
