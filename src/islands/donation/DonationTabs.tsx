import type { ReactElement, ReactNode } from 'react';
import { useRovingFocus } from '~/islands/shell/useRovingFocus';
import { m } from '~/lib/i18n';

interface Props {
  recurring: boolean;
  onChange: (recurring: boolean) => void;
  children: ReactNode;
}

const TABS = [
  { id: 'donation-tab-once-off', label: () => m.donation_tab_once_off(), recurring: false },
  { id: 'donation-tab-monthly', label: () => m.donation_tab_monthly(), recurring: true },
] as const;

/**
 * 'Once-off' and 'Monthly' as ARIA tabs over the one form: arrow keys, Home and End move between them.
 * Without JavaScript each is a link to the page opened on it.
 */
export function DonationTabs({ recurring, onChange, children }: Props): ReactElement {
  const selected = TABS.findIndex((tab) => tab.recurring === recurring);
  const roving = useRovingFocus<HTMLAnchorElement>(TABS.length, selected, (index) => {
    const tab = TABS[index];
    if (tab) onChange(tab.recurring);
  });

  return (
    <div className="flex flex-col gap-5">
      <div
        role="tablist"
        aria-label={m.donation_tabs_label()}
        className="grid grid-cols-2 rounded-lg bg-gray-100 p-1"
        onKeyDown={roving.onKeyDown}
      >
        {TABS.map((tab, index) => (
          // Links, so that without JavaScript the tab opens the page on it (`?tab=recurring`).
          <a
            key={tab.id}
            {...roving.itemProps(index)}
            id={tab.id}
            href={tab.recurring ? '?tab=recurring' : '?tab=once-off'}
            role="tab"
            aria-selected={index === selected}
            aria-controls="donation-panel"
            onClick={(event) => {
              event.preventDefault();
              onChange(tab.recurring);
            }}
            className="rounded-md px-4 py-2.5 text-center font-semibold text-ink-muted no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand aria-selected:bg-white aria-selected:text-ink aria-selected:shadow-sm"
          >
            {tab.label()}
          </a>
        ))}
      </div>
      <div id="donation-panel" role="tabpanel" aria-labelledby={TABS[selected]?.id}>
        {children}
      </div>
    </div>
  );
}
