import {
  findCampaignHref,
  findOrganisationHref,
  parseCampaignSearch,
  parseOrganisationSearch,
} from '~/lib/search/findCampaign';

/**
 * /find-campaign's forms are plain GET forms (they work without JavaScript). With it, a search
 * opens its short address (only what differs from the defaults, as a shared link would be), and
 * changing the sort or a filter searches at once (SPEC §4), as the Search button would.
 */
function hrefOf(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value);
  return params.get('tab') === 'organisations'
    ? findOrganisationHref(parseOrganisationSearch(params).query)
    : findCampaignHref(parseCampaignSearch(params).query);
}

const searchFormOf = (target: EventTarget | null): HTMLFormElement | null => {
  const form = (target as Element | null)?.closest?.('search form');
  return form instanceof HTMLFormElement ? form : null;
};

document.addEventListener('submit', (event) => {
  const form = searchFormOf(event.target);
  if (!form) return;
  event.preventDefault();
  window.location.assign(hrefOf(form));
});

document.addEventListener('change', (event) => {
  const form = searchFormOf(event.target);
  const control = event.target;
  const searchesAtOnce =
    control instanceof HTMLSelectElement ||
    (control instanceof HTMLInputElement && control.type === 'checkbox');
  if (form && searchesAtOnce) form.requestSubmit();
});
