import { m } from '~/lib/i18n';

/**
 * 'Load more' on server-rendered lists, as progressive enhancement. Without JavaScript the link
 * opens the page showing one page more; with it, that page's HTML is fetched and the items not
 * yet shown are appended in place (SPEC §4: no duplicates), so no framework is needed.
 *
 * Markup: a `[data-load-more-scope="key"]` holding items marked `[data-item="id"]` and the link
 * `a[data-load-more]`; the longer page carries the same scope.
 */

/** Appends `found`'s items missing from `scope` after the last one shown; returns those appended. */
export function appendNewItems(scope: Element, found: Element): Element[] {
  const shown = [...scope.querySelectorAll<HTMLElement>('[data-item]')];
  const ids = new Set(shown.map((item) => item.dataset.item));
  const list = shown.at(-1)?.parentElement ?? scope.querySelector('[data-load-more-list]');
  if (!list) return [];
  const added: Element[] = [];
  for (const item of found.querySelectorAll<HTMLElement>('[data-item]')) {
    if (ids.has(item.dataset.item)) continue;
    ids.add(item.dataset.item);
    added.push(list.appendChild(document.importNode(item, true)));
  }
  return added;
}

function showFailure(link: HTMLAnchorElement, failed: boolean): void {
  let alert = link.parentElement?.querySelector<HTMLElement>('[data-load-more-failed]');
  if (!failed) {
    alert?.remove();
    return;
  }
  if (alert) return;
  alert = document.createElement('p');
  alert.setAttribute('role', 'alert');
  alert.dataset.loadMoreFailed = '';
  alert.className = 'text-sm text-red-800';
  alert.textContent = m.search_load_more_failed();
  link.before(alert);
}

async function loadMore(link: HTMLAnchorElement): Promise<void> {
  const scope = link.closest('[data-load-more-scope]');
  const key = scope?.getAttribute('data-load-more-scope');
  if (!scope || !key || link.getAttribute('aria-disabled') === 'true') return;
  const label = link.textContent;
  link.setAttribute('aria-disabled', 'true');
  link.textContent = m.search_loading();
  try {
    const response = await fetch(link.href, { headers: { accept: 'text/html' } });
    if (!response.ok) throw new Error(`GET ${link.href}: ${response.status}`);
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    const found = page.querySelector(`[data-load-more-scope="${CSS.escape(key)}"]`);
    if (!found) throw new Error(`${link.href} has no list '${key}'`);
    const added = appendNewItems(scope, found);
    showFailure(link, false);
    const next = found.querySelector<HTMLAnchorElement>('a[data-load-more]');
    if (next) {
      link.href = next.getAttribute('href') ?? link.href;
      return;
    }
    // The last page: the link goes, and focus moves to the first new item rather than the page's top.
    const focusMoved = link === document.activeElement;
    link.remove();
    if (focusMoved) added[0]?.querySelector<HTMLElement>('a, button')?.focus();
  } catch (error) {
    console.error(error);
    showFailure(link, true);
  } finally {
    link.textContent = label;
    link.removeAttribute('aria-disabled');
  }
}

document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-load-more]');
  // A modified click (new tab, new window) keeps the link's own behaviour.
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  void loadMore(link);
});
