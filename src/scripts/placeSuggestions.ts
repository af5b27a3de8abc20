import { placeSuggestions } from '~/lib/search/placeSuggestions';

/**
 * The place box of /find-campaign's forms as a combobox (WAI-ARIA APG, list autocomplete): from the
 * first letter it lists the provinces and cities whose name or a word of it begins with what was
 * typed ('Gau': Gauteng). Without JavaScript the box keeps its native <datalist> of the same places;
 * with it, the list comes from that datalist, so the server names the places once.
 *
 * Markup: `input[data-place-suggestions]` with `list` naming its datalist. Choosing fills the box;
 * like typing, it does not search until the form is sent.
 */
function enhance(input: HTMLInputElement): void {
  const datalist = input.list;
  if (!datalist) return;
  const places = [...datalist.options].map((option) => option.value);
  const listbox = document.createElement('ul');
  listbox.id = `${datalist.id}-listbox`;
  listbox.setAttribute('role', 'listbox');
  listbox.setAttribute('aria-label', input.labels?.[0]?.textContent ?? '');
  listbox.className =
    'absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg';
  listbox.hidden = true;
  input.removeAttribute('list');
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', listbox.id);
  input.autocomplete = 'off';
  const holder = input.parentElement;
  if (!holder) return;
  holder.classList.add('relative');
  holder.append(listbox);

  let active = -1;
  const options = (): HTMLLIElement[] => [...listbox.querySelectorAll<HTMLLIElement>('[role="option"]')];
  const close = (): void => {
    listbox.hidden = true;
    listbox.replaceChildren();
    active = -1;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
  };
  const highlight = (index: number): void => {
    const all = options();
    active = all.length === 0 ? -1 : (index + all.length) % all.length;
    all.forEach((option, i) => {
      option.setAttribute('aria-selected', String(i === active));
      option.classList.toggle('bg-brand-light', i === active);
    });
    const current = all[active];
    if (current) {
      input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };
  const choose = (place: string): void => {
    input.value = place;
    close();
  };
  const show = (): void => {
    const found = placeSuggestions(input.value, places);
    if (found.length === 0) {
      close();
      return;
    }
    listbox.replaceChildren(
      ...found.map((place, i) => {
        const option = document.createElement('li');
        option.id = `${listbox.id}-${i}`;
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        option.className = 'cursor-pointer px-3 py-2 hover:bg-brand-light';
        option.textContent = place;
        // mousedown, not click: the box keeps its focus, so its blur does not close the list first.
        option.addEventListener('mousedown', (event) => {
          event.preventDefault();
          choose(place);
        });
        return option;
      }),
    );
    active = -1;
    listbox.hidden = false;
    input.setAttribute('aria-expanded', 'true');
  };

  const move = (down: boolean): void => {
    if (listbox.hidden) show();
    // From none highlighted, down goes to the first and up to the last.
    highlight(active === -1 ? (down ? 0 : -1) : active + (down ? 1 : -1));
  };
  /** Whether the key did something here (and so does nothing else). */
  const onKey = (key: string): boolean => {
    const open = !listbox.hidden;
    if (key === 'ArrowDown' || key === 'ArrowUp') move(key === 'ArrowDown');
    else if (key === 'Enter' && open && active >= 0) choose(options()[active]?.textContent ?? input.value);
    else if (key === 'Escape' && open) close();
    else return false;
    return true;
  };

  input.addEventListener('input', show);
  input.addEventListener('blur', close);
  input.addEventListener('keydown', (event) => {
    if (onKey(event.key)) event.preventDefault();
  });
}

for (const input of document.querySelectorAll<HTMLInputElement>('input[data-place-suggestions]'))
  enhance(input);
