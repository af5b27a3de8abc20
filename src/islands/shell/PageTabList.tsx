import { type ReactElement, useEffect, useRef } from 'react';
import { useRovingFocus } from './useRovingFocus';

export interface PageTab<K extends string | number> {
  key: K;
  label: string;
}

/** The id of a tab (`profile-tab-2`); its panel is labelled by it. */
export const tabIdOf = (prefix: string, key: string | number): string => `${prefix}-tab-${key}`;
/** The id of a tab's panel (`profile-panel-2`), which the tab controls. */
export const panelIdOf = (prefix: string, key: string | number): string => `${prefix}-panel-${key}`;

interface Props<K extends string | number> {
  /** The tab list's accessible name. */
  label: string;
  /** Starts the ids of the tabs and panels (see tabIdOf, panelIdOf). */
  idPrefix: string;
  tabs: readonly PageTab<K>[];
  selected: K;
  onSelect: (key: K) => void;
}

/**
 * The underlined tabs at the top of a page (profile, campaign editor). Tabs
 * select as the arrow keys reach them; the caller renders the panels.
 */
export function PageTabList<K extends string | number>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
}: Props<K>): ReactElement {
  const current = tabs.findIndex((t) => t.key === selected);
  const listRef = useRef<HTMLDivElement>(null);
  // On a phone the strip scrolls sideways: keep the selected tab in sight (a link such as
  // ?tab=donations opens on the last one), moving the strip only, never the page.
  useEffect(() => {
    const list = listRef.current;
    const tab = document.getElementById(tabIdOf(idPrefix, selected));
    if (!list || !tab) return;
    const start = tab.offsetLeft - list.offsetLeft;
    const end = start + tab.offsetWidth;
    if (start < list.scrollLeft) list.scrollLeft = start;
    else if (end > list.scrollLeft + list.clientWidth) list.scrollLeft = end - list.clientWidth;
  }, [idPrefix, selected]);
  const roving = useRovingFocus(tabs.length, current, (index) => {
    const tab = tabs[index];
    if (tab) onSelect(tab.key);
  });
  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      className="-mx-4 flex overflow-x-auto border-b border-gray-200 px-4"
      onKeyDown={roving.onKeyDown}
    >
      {tabs.map((t, index) => (
        <button
          key={t.key}
          {...roving.itemProps(index)}
          type="button"
          role="tab"
          id={tabIdOf(idPrefix, t.key)}
          aria-selected={t.key === selected}
          aria-controls={panelIdOf(idPrefix, t.key)}
          className={`whitespace-nowrap border-b-2 px-3 py-3 text-sm font-semibold sm:px-4 ${
            t.key === selected
              ? 'border-brand text-brand-dark'
              : 'border-transparent text-ink-muted hover:border-gray-300 hover:text-ink'
          }`}
          onClick={() => onSelect(t.key)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
