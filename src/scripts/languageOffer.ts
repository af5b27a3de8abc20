/**
 * Shows the language offer (src/components/shell/LanguageOffer.astro) when the browser's first
 * choice among our languages is not the page's, once per browser: taking it or dismissing it is
 * remembered, and nothing is ever redirected.
 */
const DONE_KEY = 'letsema-language-offer';

export function showLanguageOffer(doc: Document = document): void {
  const offer = doc.querySelector<HTMLElement>('[data-language-offer]');
  if (!offer || remembered()) return;
  const page = offer.dataset.pageLocale;
  const wanted = navigator.languages
    .map((tag) => tag.toLowerCase().split(/[-_]/)[0])
    .find((code) => code === page || offer.querySelector(`[data-offer="${code}"]`) !== null);
  if (!wanted || wanted === page) return;
  const link = offer.querySelector<HTMLElement>(`[data-offer="${wanted}"]`);
  const dismiss = offer.querySelector<HTMLElement>(`[data-offer-dismiss="${wanted}"]`);
  if (!link || !dismiss) return;
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
