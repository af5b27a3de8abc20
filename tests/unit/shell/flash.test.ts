import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFlash, takeFlash } from '~/stores/flash';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
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

describe('flash notifications', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { sessionStorage: memoryStorage(), location: { pathname: '/home' } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const expired = {
    id: 'session-expired',
    type: 'error',
    message: 'Session expired',
    duration: 2500,
  } as const;

  it('is taken once, by any page when it names none', () => {
    setFlash(expired);
    expect(takeFlash('/anywhere')).toEqual(expired);
    expect(takeFlash('/anywhere')).toBeNull();
  });

  it('waits for the page it is for: the page being left cannot take it', () => {
    setFlash(expired, '/auth/login');
    expect(takeFlash('/profile')).toBeNull();
    expect(takeFlash('/auth/login/')).toEqual(expired);
    setFlash(expired, '/profile?tab=2');
    expect(takeFlash('/profile')).toEqual(expired);
  });

  it('is dropped after a minute', () => {
    vi.useFakeTimers();
    setFlash(expired, '/auth/login');
    vi.advanceTimersByTime(61_000);
    expect(takeFlash('/profile')).toBeNull();
    expect(takeFlash('/auth/login')).toBeNull();
  });

  it('ignores malformed entries', () => {
    window.sessionStorage.setItem('letsema:flash', '{"notification":{"type":"shout","message":1},"at":1}');
    expect(takeFlash('/home')).toBeNull();
    window.sessionStorage.setItem('letsema:flash', 'not json');
    expect(takeFlash('/home')).toBeNull();
  });
});
