import { type KeyboardEvent, type ReactElement, type ReactNode, useRef } from 'react';

interface Props {
  recurring: boolean;
  onChange: (recurring: boolean) => void;
  children: ReactNode;
}

const TABS = [
  { id: 'donation-tab-once-off', label: 'Once-off', recurring: false },
  { id: 'donation-tab-monthly', label: 'Monthly', recurring: true },
] as const;

/** 'Once-off' and 'Monthly' as ARIA tabs over the one form: arrow keys, Home and End move between them. */
export function DonationTabs({ recurring, onChange, children }: Props): ReactElement {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const selected = TABS.findIndex((tab) => tab.recurring === recurring);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? selected === last
          ? 0
          : selected + 1
        : event.key === 'ArrowLeft'
          ? selected === 0
            ? last
            : selected - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next];
    if (!tab) return;
    onChange(tab.recurring);
    buttons.current[next]?.focus();
  };

  return (
    <div className="flex flex-col gap-5">
      <div
        role="tablist"
        aria-label="How often to give"
        className="grid grid-cols-2 rounded-lg bg-gray-100 p-1"
        onKeyDown={onKeyDown}
      >
        {TABS.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            id={tab.id}
            type="button"
            role="tab"
            aria-selected={index === selected}
            aria-controls="donation-panel"
            tabIndex={index === selected ? 0 : -1}
            onClick={() => onChange(tab.recurring)}
            className="rounded-md px-4 py-2.5 font-semibold text-ink-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand aria-selected:bg-white aria-selected:text-ink aria-selected:shadow-sm"
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id="donation-panel" role="tabpanel" aria-labelledby={TABS[selected]?.id}>
        {children}
      </div>
    </div>
  );
}
