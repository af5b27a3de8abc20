import { describe, expect, it } from 'vitest';
import { hostEnvironment } from '~/lib/server/platform/hostEnvironment';

describe('host environment', () => {
  it('treats localhost and loopback addresses as develop, with error details', () => {
    for (const host of [
      'localhost',
      'LOCALHOST',
      'app.localhost',
      '127.0.0.1',
      '::1',
      '[::1]:4321',
      'localhost:4321',
    ]) {
      const env = hostEnvironment(host);
      expect(env, host).toMatchObject({
        develop: true,
        local: true,
        production: false,
        showErrorDetails: true,
      });
    }
  });
  it('recognises dev. and stable. hosts, which show error details', () => {
    expect(hostEnvironment('dev.letsema.org.za')).toMatchObject({
      develop: true,
      local: false,
      showErrorDetails: true,
    });
    expect(hostEnvironment('stable.letsema.org.za')).toMatchObject({
      stable: true,
      develop: false,
      production: false,
      showErrorDetails: true,
    });
  });
  it('recognises demo. and kbm. hosts, which hide error details', () => {
    expect(hostEnvironment('demo.letsema.org.za')).toMatchObject({
      demo: true,
      production: false,
      showErrorDetails: false,
    });
    expect(hostEnvironment('kbm.letsema.org.za')).toMatchObject({
      kbm: true,
      production: false,
      showErrorDetails: false,
    });
  });
  it('treats every other host as production, without error details', () => {
    for (const host of [
      'letsema.org.za',
      'www.letsema.org.za',
      'devices.example.com',
      'stabler.example.com',
    ]) {
      expect(hostEnvironment(host), host).toEqual({
        demo: false,
        kbm: false,
        stable: false,
        production: true,
        develop: false,
        local: false,
        showErrorDetails: false,
      });
    }
  });
});
