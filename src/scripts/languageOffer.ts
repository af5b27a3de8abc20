/**
 * Shows the language offer (src/components/shell/LanguageOffer.astro) when the browser's first
 * choice among our languages is not the page's: once per browser, on a page reached from outside
 * (a shared link), never after the visitor chose a language themselves. Nothing is redirected.
 */
const DONE_KEY = 'letsema-language-offer';

export function showLanguageOffer(doc: Document = document): void {
  // Choosing a language in the switcher or the header's menu is an answer too.
  for (const link of doc.querySelectorAll('[data-language-switcher] a, #language-menu a'))
    link.addEventListener('click', remember);
  const offer = doc.querySelector<HTMLElement>('[data-language-offer]');
  if (!offer || remembered() || cameFromThisSite(doc)) return;
  const page = offer.dataset.pageLocale;
  const wanted = navigator.languages
    .map((tag) => tag.toLowerCase().split(/[-_]/)[0])
    .find((code) => code === page || offer.querySelector(`[data-offer="${code}"]`) !== null);
  if (!wanted || wanted === page) return;
  const link = offer.querySelector<HTMLElement>(`[data-offer="${wanted}"]`);
  const dismiss = offer.querySelector<HTMLElement>(`[data-offer-dismiss="${wanted}"]`);
  if (!link || !dismiss) return;
  // Offered once: it does not follow the visitor from page to page.
  remember();
  link.hidden = false;
  dismiss.hidden = false;
  offer.setAttribute('lang', link.getAttribute('lang') ?? wanted);
  offer.hidden = false;
  link.addEventListener('click', remember);
  dismiss.addEventListener('click', () => {
    remember();
    offer.hidden = true;
  });
}

function cameFromThisSite(doc: Document): boolean {
  try {
    return doc.referrer !== '' && new URL(doc.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

function remembered(): boolean {
  try {
    return localStorage.getItem(DONE_KEY) !== null;
  } catch {
    return false;
  }
}

function remember(): void {
  try {
    localStorage.setItem(DONE_KEY, '1');
  } catch {
    // Private mode without storage: the offer comes back next time, which is harmless.
  }
}
