import { type ReactElement, type RefObject, useEffect, useRef, useState } from 'react';
import { errorClass, labelClass } from '~/islands/form/fieldParts';
import type { CaptchaConfig } from '~/lib/contracts/platform';
import { m } from '~/lib/i18n';
import { CaptchaProof, type ProofSource, type ProofState } from './captchaProof';

const CHALLENGE_URL = '/api/v1/captcha/challenge';

/** Under the captcha when its proof could not be made (no network, the challenge refused). */
export const CAPTCHA_FAILED_MESSAGE =
  'The security check could not finish. Check your connection and press the button again.';

/** CAPTCHA_FAILED_MESSAGE in the page's language (issue 27). */
export const captchaFailedMessage = (): string => m.donation_captcha_failed();

/** ALTCHA: the widget loads (code, stylesheet, worker) only now, and starts counting as it lands. */
const altchaSource: ProofSource = async (holder, report) => {
  const { createAltchaWidget } = await import('./altchaWidget');
  const widget = createAltchaWidget(CHALLENGE_URL, report);
  holder.append(widget);
  return () => widget.remove();
};

/** reCAPTCHA v2's checkbox (a site key of that kind cannot run invisibly): the visitor ticks it. */
function recaptchaSource(siteKey: string): ProofSource {
  return async (holder, report) => {
    const { loadRecaptcha } = await import('./recaptcha');
    const grecaptcha = await loadRecaptcha();
    const box = document.createElement('div');
    holder.append(box);
    grecaptcha.render(box, {
      sitekey: siteKey,
      callback: (token) => report({ kind: 'ready', token }),
      'expired-callback': () => report({ kind: 'expired' }),
    });
    return () => box.remove();
  };
}

export interface CaptchaHandle {
  proof: CaptchaProof;
  holder: RefObject<HTMLDivElement | null>;
  state: ProofState;
  /** reCAPTCHA's checkbox: only the visitor can answer it; ALTCHA answers by itself. */
  interactive: boolean;
}

/**
 * The form's captcha answer, worked out in the background: it starts when
 * the visitor begins on the form (the first focus, input or tap in it; see
 * CaptchaField), and `proof.answer()` waits for it at submit.
 */
export function useCaptchaProof(config: CaptchaConfig): CaptchaHandle {
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ProofState>('idle');
  const [proof] = useState(() =>
    config.provider === 'recaptcha' && config.siteKey
      ? new CaptchaProof(recaptchaSource(config.siteKey), () => holder.current, setState, true)
      : new CaptchaProof(altchaSource, () => holder.current, setState),
  );
  useEffect(() => () => proof.dispose(), [proof]);
  return { proof, holder, state, interactive: proof.interactive };
}

interface Props {
  captcha: CaptchaHandle;
  error: string | null;
  /** Start at once (the login form, once the server asked for the captcha), not at the first touch of the form. */
  startNow?: boolean;
}

/** Starts the proof on the visitor's first focus, input or tap anywhere in the form around `holder`. */
function useStartOnFirstTouch(handle: CaptchaHandle, startNow: boolean): void {
  const { proof, holder } = handle;
  useEffect(() => {
    if (startNow) {
      proof.start();
      return;
    }
    const form = holder.current?.closest('form');
    if (!form) return;
    const events = ['focusin', 'input', 'pointerdown', 'keydown'] as const;
    const start = (): void => {
      for (const name of events) form.removeEventListener(name, start);
      proof.start();
    };
    for (const name of events) form.addEventListener(name, start);
    // A field that already has the focus (autofocus, a reload) counts as a start.
    if (form.contains(document.activeElement) && document.activeElement !== document.body) start();
    return () => {
      for (const name of events) form.removeEventListener(name, start);
    };
  }, [proof, holder, startNow]);
}

/**
 * The captcha on a visitor's donation (docs/api/donations.md "Captcha") and
 * on the login form once the server asks for it (docs/api/accounts.md):
 * ALTCHA's proof of work by default, which runs by itself in the background;
 * Google reCAPTCHA's checkbox when configured. Signed-in donors never see it.
 */
export function CaptchaField({ captcha, error, startNow = false }: Props): ReactElement {
  useStartOnFirstTouch(captcha, startNow);
  return (
    <fieldset aria-describedby={error ? 'captcha-error' : undefined}>
      <legend id="captcha-label" className={labelClass}>
        {m.donation_captcha_legend()}
      </legend>
      {captcha.state === 'idle' && !captcha.interactive ? (
        <p className="text-sm text-ink-muted">{m.donation_captcha_idle()}</p>
      ) : null}
      <div ref={captcha.holder} className={captcha.state === 'idle' ? undefined : 'min-h-16'} />
      {error ? (
        <p id="captcha-error" className={errorClass}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
