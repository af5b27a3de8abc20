import { type ReactElement, type RefObject, useEffect, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
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

/** The width of a ScrollCue (w-12), in pixels. */
const CUE_WIDTH = 48;

/** Which ends of a sideways-scrolling strip hide tabs. */
interface HiddenEnds {
  start: boolean;
  end: boolean;
}

/** Which ends of `ref`'s strip have tabs out of sight, kept up to date as it scrolls or resizes. */
function useHiddenEnds(ref: RefObject<HTMLElement | null>): HiddenEnds {
  const [ends, setEnds] = useState<HiddenEnds>({ start: false, end: false });
  useEffect(() => {
    const strip = ref.current;
    if (!strip) return;
    const update = (): void => {
      const start = strip.scrollLeft > 1;
      const end = strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1;
      setEnds((old) => (old.start === start && old.end === end ? old : { start, end }));
    };
    update();
    strip.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(strip);
    return () => {
      strip.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);
  return ends;
}

/**
 * The cue at an end of the strip that hides tabs (on a phone): the tabs fade out under an arrow, and
 * a tap on the arrow brings the hidden ones in. Pointer only: a keyboard moves along the tabs with the
 * arrow keys, and a screen reader reads every tab, so it is hidden from both.
 */
function ScrollCue({ side, onPress }: { side: 'start' | 'end'; onPress: () => void }): ReactElement {
  const atStart = side === 'start';
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden="true"
      data-scroll-cue={side}
      onClick={onPress}
      className={`absolute top-0 bottom-px flex w-12 items-center text-ink ${
        atStart ? 'left-0 justify-start bg-gradient-to-r pl-1' : 'right-0 justify-end bg-gradient-to-l pr-1'
      } from-white from-45% to-transparent`}
    >
      {atStart ? <ChevronLeftIcon className="h-5 w-5" /> : <ChevronRightIcon className="h-5 w-5" />}
    </button>
  );
}

/**
 * The underlined tabs at the top of a page (profile, campaign and organisation editors). Tabs
 * select as the arrow keys reach them; the caller renders the panels. On a phone the strip scrolls
 * sideways, and an arrow over a faded edge shows that more tabs lie that way.
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
    // Clear of the arrows' faded edges (ScrollCue, w-12).
    if (start < list.scrollLeft + CUE_WIDTH) list.scrollLeft = start - CUE_WIDTH;
    else if (end > list.scrollLeft + list.clientWidth - CUE_WIDTH) {
      list.scrollLeft = end - list.clientWidth + CUE_WIDTH;
    }
  }, [idPrefix, selected]);
  const roving = useRovingFocus(tabs.length, current, (index) => {
    const tab = tabs[index];
    if (tab) onSelect(tab.key);
  });
  const hidden = useHiddenEnds(listRef);
  const scrollBy = (direction: 1 | -1): void => {
    const list = listRef.current;
    list?.scrollBy({ left: direction * list.clientWidth * 0.7, behavior: 'smooth' });
  };
  return (
    <div className="relative -mx-4">
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        className="flex overflow-x-auto border-b border-gray-200 px-4"
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
      {hidden.start ? <ScrollCue side="start" onPress={() => scrollBy(-1)} /> : null}
      {hidden.end ? <ScrollCue side="end" onPress={() => scrollBy(1)} /> : null}
    </div>
  );
}
