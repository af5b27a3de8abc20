/**
 * The ALTCHA widget, loaded only when a visitor's donation form mounts. The
 * "external" build keeps its stylesheet and its worker out of inline code,
 * so they load from our own origin under the page's CSP (no injected
 * <style>); the SHA-256 worker is the only one our challenges need.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import ShaWorker from 'altcha/workers/sha?worker';

globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());

/** The widget's states (altcha's State enum) that carry a usable payload. */
const VERIFIED = 'verified';

/**
 * A widget that fetches its challenge from `challengeUrl` and tells
 * `onToken` its payload once solved, and null whenever it is not (expired,
 * failed, reset).
 */
export function createAltchaWidget(
  challengeUrl: string,
  onToken: (payload: string | null) => void,
): HTMLElement {
  const widget = document.createElement('altcha-widget');
  widget.setAttribute('challenge', challengeUrl);
  // Start counting as soon as the donor starts on the form; a phone is done by the time they get here.
  widget.setAttribute('auto', 'onfocus');
  widget.setAttribute('name', 'altcha');
  widget.addEventListener('statechange', (event) => {
    const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail;
    onToken(detail?.state === VERIFIED && detail.payload ? detail.payload : null);
  });
  return widget;
}
