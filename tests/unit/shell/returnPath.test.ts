import { describe, expect, it } from 'vitest';
import { isSafeReturnPath } from '~/stores/returnPath';

describe('return path after login', () => {
  it('accepts pages of this site with their query and hash', () => {
    expect(isSafeReturnPath('/profile')).toBe(true);
    expect(isSafeReturnPath('/profile?tab=3')).toBe(true);
    expect(isSafeReturnPath('/payout/campaign/12#top')).toBe(true);
    expect(isSafeReturnPath('/authors')).toBe(true);
  });
  it('accepts the invitation page, which needs the invitee signed in', () => {
    expect(isSafeReturnPath('/auth/invitation?token=abc')).toBe(true);
  });
  it('refuses other sites, nothing, and the auth pages (a return to login would loop)', () => {
    for (const path of [
      null,
      undefined,
      '',
      'profile',
      'https://evil.example/profile',
      '//evil.example/x',
      '/\\evil.example',
      '/auth/login',
      '/auth/login?next=1',
      '/auth',
      '/auth/verify?token=x',
    ]) {
      expect(isSafeReturnPath(path), String(path)).toBe(false);
    }
  });
});
