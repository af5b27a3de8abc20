import type { ReactElement } from 'react';
import { CopyValueButton } from './CopyValueButton';

/**
 * One fact of a payment: the id of its value's element (English, whatever the page's language),
 * its label, the value, and what a copy button names it (the values a donor pastes into an app).
 */
export type PaymentFact = [key: string, label: string, value: string, copyAs?: string];

/**
 * The title of the step after the donation form for a payment the donor makes elsewhere (EFT,
 * SnapScan): it takes the keyboard, so a screen reader reads on from there.
 */
export const INSTRUCTIONS = { className: 'flex flex-col gap-4', focus: true } as const;

/** The payment's facts, each with its copy button where it has one. */
export function PaymentFacts({ id, facts }: { id: string; facts: readonly PaymentFact[] }): ReactElement {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-gray-200 bg-gray-50 p-4">
      {facts.map(([key, label, value, copyAs]) => {
        const valueId = `${id}-${key}`;
        return (
          <div key={key} className="contents">
            <dt className="self-center text-ink-muted">{label}</dt>
            <dd className="flex flex-wrap items-center gap-x-2 gap-y-1 break-words font-semibold text-ink">
              <span id={valueId}>{value}</span>
              {copyAs ? <CopyValueButton value={value} what={copyAs} targetId={valueId} /> : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
