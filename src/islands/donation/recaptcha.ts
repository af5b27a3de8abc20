/**
 * Google reCAPTCHA v2, used only when the server is configured for it
 * (captchaConfig().provider === 'recaptcha'): its script is loaded then and
 * never by default. The page widens its CSP for Google in that case only.
 */

interface Grecaptcha {
  render: (
    container: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void },
  ) => number;
  reset: (widgetId?: number) => void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    letsemaRecaptchaLoaded?: () => void;
  }
}

const SCRIPT_URL = 'https://www.google.com/recaptcha/api.js?render=explicit&onload=letsemaRecaptchaLoaded';

let loading: Promise<Grecaptcha> | null = null;

/** The reCAPTCHA API, loading its script once. */
export function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.letsemaRecaptchaLoaded = () => {
      if (window.grecaptcha) resolve(window.grecaptcha);
      else reject(new Error('reCAPTCHA loaded without its API.'));
    };
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      loading = null;
      reject(new Error('The reCAPTCHA script could not be loaded.'));
    };
    document.head.append(script);
  });
  return loading;
}
