/** Platform shapes: `GET /banner` and what the pages hand to islands. Types only. */

/** SPEC §3 banner, as `GET /banner` answers it; `message` is sanitised HTML. */
export interface Banner {
  id: number;
  message: string;
  domain: string | null;
  isVisible: boolean;
}

/**
 * What a page hands its banner (SPEC §3): the message, whether it shows, and the id as the
 * visitor's stored hide record keeps it (text: @nanostores/persistent stores strings).
 */
export type BannerMessage = Pick<Banner, 'message' | 'isVisible'> & { id: string };

/** `POST /api/v1/admin/banner/preview`: the message as the server would keep it (sanitised HTML). */
export interface BannerPreview {
  message: string;
}

/** Which captcha widget the donation form shows (captchaConfig() in src/lib/server/platform/captcha.ts). */
export interface CaptchaConfig {
  provider: 'altcha' | 'recaptcha';
  siteKey?: string;
}
