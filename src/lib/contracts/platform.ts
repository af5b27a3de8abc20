/** Platform shapes the pages hand to islands. Types only. */

/** Which captcha widget the donation form shows (captchaConfig() in src/lib/server/platform/captcha.ts). */
export interface CaptchaConfig {
  provider: 'altcha' | 'recaptcha';
  siteKey?: string;
}
