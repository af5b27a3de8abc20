import { afterEach, describe, expect, it, vi } from 'vitest';
import { isBannerShown } from '~/lib/bannerHiding';
import { profileTabFrom, profileTabHref } from '~/lib/siteLinks';
import { currentUserFromToken } from '~/stores/auth';
import { myOrganisationHref } from '~/stores/myOrganisation';
import { createSafeStorageEngine } from '~/stores/storage';

const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: object): string => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.signature`;

describe('current user from the access token', () => {
  it('reads the SPEC claims', () => {
    const token = jwt({
      sub: 'u-1',
      firstName: 'Thandi',
      lastName: 'Mokoena',
      email: 'thandi@example.co.za',
      msisdn: '+27821234567',
      location: 'Soweto',
      active: true,
      emailConfirmed: true,
      hasOrganization: true,
      isChampion: false,
    });
    expect(currentUserFromToken(token)).toEqual({
      id: 'u-1',
      firstName: 'Thandi',
      lastName: 'Mokoena',
      email: 'thandi@example.co.za',
      msisdn: '+27821234567',
      location: 'Soweto',
      active: true,
      emailConfirmed: true,
      hasOrganization: true,
      isChampion: false,
      role: 'user',
    });
  });
  it('treats missing flags as false and missing contact details as null', () => {
    expect(currentUserFromToken(jwt({ sub: 'u-2', email: 'a@b.co.za' }))).toMatchObject({
      id: 'u-2',
      msisdn: null,
      hasOrganization: false,
      isChampion: false,
    });
  });
  it('is null without a token, for a malformed one, or without a user id', () => {
    expect(currentUserFromToken(undefined)).toBeNull();
    expect(currentUserFromToken('not-a-jwt')).toBeNull();
    expect(currentUserFromToken(jwt({ email: 'a@b.co.za' }))).toBeNull();
  });
});

describe('banner visibility', () => {
  it('hides the banner whose id was closed and follows isVisible otherwise', () => {
    expect(isBannerShown({ id: '7', isVisible: true }, undefined)).toBe(true);
    expect(isBannerShown({ id: '7', isVisible: true }, '7')).toBe(false);
    expect(isBannerShown({ id: '8', isVisible: true }, '7')).toBe(true);
    expect(isBannerShown({ id: '8', isVisible: false }, '7')).toBe(false);
  });
});

describe('organisation link', () => {
  it('uses the loaded organisation, else the stored id', () => {
    expect(myOrganisationHref({ id: 'org 1', legalName: 'Ubuntu Trust' }, 'old')).toBe(
      '/organization/edit/org%201',
    );
    expect(myOrganisationHref(null, 'org-2')).toBe('/organization/edit/org-2');
    expect(myOrganisationHref(null, undefined)).toBeNull();
  });
});

describe('profile tab', () => {
  it('prefers navigation state, then ?tab=', () => {
    expect(profileTabHref(2)).toBe('/profile?tab=2');
    expect(profileTabFrom({ tab: 3 }, '?tab=2')).toBe(3);
    expect(profileTabFrom(null, '?tab=2')).toBe(2);
    expect(profileTabFrom(null, '?tab=x')).toBeNull();
    expect(profileTabFrom(undefined, '')).toBeNull();
  });
});

describe('safe storage engine', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const blockedStorage = (): Storage =>
    ({
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    }) as unknown as Storage;

  it('keeps values in memory when storage throws, warning instead of failing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const engine = createSafeStorageEngine(blockedStorage());
    engine.userAuthToken = 'token';
    expect(engine.userAuthToken).toBe('token');
    expect('userAuthToken' in engine).toBe(true);
    delete engine.userAuthToken;
    expect('userAuthToken' in engine).toBe(false);
    expect(warn).toHaveBeenCalled();
  });

  it('works in memory without any storage (server rendering)', () => {
    const engine = createSafeStorageEngine(null);
    expect(engine.hiddenBannerId).toBeUndefined();
    engine.hiddenBannerId = '3';
    expect(engine.hiddenBannerId).toBe('3');
  });

  it('reads and writes through a working storage', () => {
    const backing = new Map<string, string>();
    const storage = {
      getItem: (key: string) => backing.get(key) ?? null,
      setItem: (key: string, value: string) => backing.set(key, value),
      removeItem: (key: string) => backing.delete(key),
    } as unknown as Storage;
    const engine = createSafeStorageEngine(storage);
    engine.userAuthRefreshToken = 'r';
    expect(backing.get('userAuthRefreshToken')).toBe('r');
    backing.set('userAuthToken', 'from another tab');
    expect(engine.userAuthToken).toBe('from another tab');
  });
});
