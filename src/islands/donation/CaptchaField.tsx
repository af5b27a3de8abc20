import { type ReactElement, type RefObject, useEffect, useRef, useState } from 'react';
import { errorClass, labelClass } from '~/islands/form/fieldParts';
import type { CaptchaConfig } from '~/lib/contracts/platform';

interface Props {
  config: CaptchaConfig;
  /** The widget's answer (the donation's `recaptchaToken`), or null while there is none. */
  onToken: (token: string | null) => void;
  /** A new value starts a fresh widget (after the server refused a token or it was spent). */
  resetKey: number;
  error: string | null;
}

const CHALLENGE_URL = '/api/v1/captcha/challenge';
const LOAD_FAILED = 'The security check could not load. Check your connection and reload the page.';

type TokenRef = RefObject<(token: string | null) => void>;

/** Mounts a widget made by `mount` into the holder; unmounts it (and forgets its token) on reset. */
function useWidget(
  mount: (holder: HTMLDivElement, onToken: (token: string | null) => void) => Promise<() => void>,
  onToken: TokenRef,
  resetKey: number,
): { holder: RefObject<HTMLDivElement | null>; failed: boolean } {
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the reason to mount a fresh widget.
  useEffect(() => {
    let cancelled = false;
    let unmount: (() => void) | null = null;
    const element = holder.current;
    if (!element) return;
    mount(element, (token) => {
      if (!cancelled) onToken.current(token);
    })
      .then((cleanup) => {
        if (cancelled) cleanup();
        else unmount = cleanup;
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      unmount?.();
      onToken.current(null);
    };
  }, [mount, onToken, resetKey]);
  return { holder, failed };
}

async function mountAltcha(
  holder: HTMLDivElement,
  onToken: (token: string | null) => void,
): Promise<() => void> {
  const { createAltchaWidget } = await import('./altchaWidget');
  const widget = createAltchaWidget(CHALLENGE_URL, onToken);
  holder.append(widget);
  return () => widget.remove();
}

function recaptchaMount(siteKey: string) {
  return async (holder: HTMLDivElement, onToken: (token: string | null) => void): Promise<() => void> => {
    const { loadRecaptcha } = await import('./recaptcha');
    const grecaptcha = await loadRecaptcha();
    const box = document.createElement('div');
    holder.append(box);
    grecaptcha.render(box, {
      sitekey: siteKey,
      callback: (token) => onToken(token),
      'expired-callback': () => onToken(null),
    });
    return () => box.remove();
  };
}

/**
 * The captcha on a visitor's donation (docs/api/donations.md "Captcha") and
 * on the login form once the server asks for it (docs/api/accounts.md):
 * ALTCHA's proof of work by default, Google reCAPTCHA when configured.
 * Signed-in donors never see it.
 */
export function CaptchaField({ config, onToken, resetKey, error }: Props): ReactElement {
  const latest = useRef(onToken);
  latest.current = onToken;
  const siteKey = config.provider === 'recaptcha' ? config.siteKey : undefined;
  // One mount function per provider, so the effect runs again only on a reset.
  const [mount] = useState(() => (siteKey ? recaptchaMount(siteKey) : mountAltcha));
  const { holder, failed } = useWidget(mount, latest, resetKey);
  return (
    <fieldset aria-describedby={error ? 'captcha-error' : undefined}>
      <legend id="captcha-label" className={labelClass}>
        Security check
      </legend>
      <div ref={holder} className="min-h-16" />
      {failed ? <p className={errorClass}>{LOAD_FAILED}</p> : null}
      {error ? (
        <p id="captcha-error" className={errorClass}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The captcha's place before the island knows whether the donor is signed in (no layout jump for visitors). */
export function CaptchaPlaceholder(): ReactElement {
  return (
    <div aria-hidden="true">
      <p className={labelClass}>Security check</p>
      <div className="min-h-16" />
    </div>
  );
}
