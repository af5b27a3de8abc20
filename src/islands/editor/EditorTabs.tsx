import { type ReactElement, type ReactNode, useCallback, useState } from 'react';
import { type PageTab, PageTabList, panelIdOf, tabIdOf } from '~/islands/shell/PageTabList';

export interface EditorTabs<T extends string> {
  tab: T;
  /** The tabs opened so far: their panels stay mounted, so what was typed there lives on. */
  visited: ReadonlySet<T>;
  /** Opens `next`; with `href`, the address follows, so a reload or a shared link opens the same tab. */
  select: (next: T, href?: string | null) => void;
  /** Opens the tab the address asks for (`?tab=…`), when it is one of these tabs. */
  openAsked: (isTab: (value: string | null) => value is T) => void;
}

/** The open tab of an editor page (a campaign's, an organisation's) and the tabs visited. */
export function useEditorTabs<T extends string>(first: T): EditorTabs<T> {
  const [tab, setTab] = useState<T>(first);
  const [visited, setVisited] = useState<ReadonlySet<T>>(() => new Set([first]));
  const select = useCallback((next: T, href?: string | null): void => {
    setTab(next);
    setVisited((v) => new Set(v).add(next));
    if (href) window.history.replaceState(window.history.state, '', href);
  }, []);
  const openAsked = useCallback(
    (isTab: (value: string | null) => value is T): void => {
      const asked = new URLSearchParams(window.location.search).get('tab');
      if (isTab(asked)) select(asked);
    },
    [select],
  );
  return { tab, visited, select, openAsked };
}

interface PanelsProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  idPrefix: string;
  tabs: readonly PageTab<T>[];
  state: EditorTabs<T>;
  onSelect: (next: T) => void;
  /** Whether a visited tab's panel stays mounted while hidden (all do unless told). */
  keepMounted?: (key: T) => boolean;
  children: (key: T) => ReactNode;
}

/** The tab list, once there is more than one tab, and a panel for each tab; a panel renders once visited. */
export function EditorTabPanels<T extends string>({
  label,
  idPrefix,
  tabs,
  state,
  onSelect,
  keepMounted = () => true,
  children,
}: PanelsProps<T>): ReactElement {
  const withTabs = tabs.length > 1;
  return (
    <>
      {withTabs ? (
        <PageTabList label={label} idPrefix={idPrefix} tabs={tabs} selected={state.tab} onSelect={onSelect} />
      ) : null}
      {tabs.map((t) => (
        <div
          key={t.key}
          id={panelIdOf(idPrefix, t.key)}
          // Until the first save the form is the only panel, so there are no tabs to label it.
          {...(withTabs ? { role: 'tabpanel', 'aria-labelledby': tabIdOf(idPrefix, t.key) } : {})}
          hidden={state.tab !== t.key}
        >
          {!state.visited.has(t.key) || (state.tab !== t.key && !keepMounted(t.key)) ? null : children(t.key)}
        </div>
      ))}
    </>
  );
}
