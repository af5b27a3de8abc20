/**
 * The ALTCHA widget, loaded only when a visitor starts on a form that needs
 * it (its code, stylesheet and worker). The "external" build keeps its
 * stylesheet and its worker out of inline code, so they load from our own
 * origin under the page's CSP (no injected <style>); the SHA-256 worker is
 * the only one our challenges need.
 */
import 'altcha/external';
import altchaCss from 'altcha/altcha.css?url';
import ShaWorker from 'altcha/workers/sha?worker';
import type { ProofReport } from './captchaProof';

globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());

// A <link> added now, not an import the bundler would hoist into the page's head at load.
if (!document.querySelector(`link[href="${altchaCss}"]`)) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = altchaCss;
  document.head.append(link);
}

/**
 * A widget that fetches its challenge from `challengeUrl` and starts its
 * proof of work as soon as it is on the page (ALTCHA's `auto="onload"`: it
 * is put there only once the visitor starts on the form), then reports its
 * payload, or its failure or expiry (altcha's State enum).
 */
export function createAltchaWidget(challengeUrl: string, report: (report: ProofReport) => void): HTMLElement {
  const widget = document.createElement('altcha-widget');
  widget.setAttribute('challenge', challengeUrl);
  widget.setAttribute('auto', 'onload');
  widget.setAttribute('name', 'altcha');
  widget.addEventListener('statechange', (event) => {
    const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail;
    if (detail?.state === 'verified' && detail.payload) report({ kind: 'ready', token: detail.payload });
    else if (detail?.state === 'error') report({ kind: 'failed' });
    else if (detail?.state === 'expired') report({ kind: 'expired' });
  });
  return widget;
}
