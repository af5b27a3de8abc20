/** Platform shapes: `GET /banner` and what the pages hand to islands. Types only. */

/** SPEC §3 banner, as `GET /banner` answers it; `message` is sanitised HTML. */
export interface Banner {
  id: number;
  message: string;
  domain: string | null;
  isVisible: boolean;
}

/** `POST /api/v1/admin/banner/preview`: the message as the server would keep it (sanitised HTML). */
export interface BannerPreview {
  message: string;
}

/** Which captcha widget the donation form shows (captchaConfig() in src/lib/server/platform/captcha.ts). */
export interface CaptchaConfig {
  provider: 'altcha' | 'recaptcha';
  siteKey?: string;
}
