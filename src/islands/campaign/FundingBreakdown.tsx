import type { ReactElement } from 'react';
import { TOOLTIP_CLASS } from '~/components/campaign/classes';
import { Icon } from '~/islands/ui/Icon';
import { m } from '~/lib/i18n';

interface Props {
  /** Unique on the page: the tooltip's id. */
  id: string;
  raisedOnPlatform: string;
  raisedOffline: string;
  total: string;
  /** Where the tip opens relative to the button. */
  placement?: 'above' | 'below';
  /** 'end' keeps the tip inside a narrow column: it grows leftwards from the button. */
  align?: 'center' | 'end';
}

function Row({ term, value, total = false }: { term: string; value: string; total?: boolean }): ReactElement {
  return (
    <span
      className={`flex justify-between gap-3${total ? ' mt-1 border-t border-white/30 pt-1 font-semibold' : ''}`}
    >
      <span>{term}</span>
      <span>{value}</span>
    </span>
  );
}

/**
 * The 'Funding Breakdown' tooltip beside a raised total (SPEC §2): on platform, offline, total.
 * CSS-only, so the card and the campaign page render it as static HTML without hydrating.
 */
export function FundingBreakdown({
  id,
  raisedOnPlatform,
  raisedOffline,
  total,
  placement = 'above',
  align = 'center',
}: Props): ReactElement {
  const position = [
    'w-60 right-0',
    align === 'center' ? 'sm:left-1/2 sm:right-auto sm:-translate-x-1/2' : '',
    placement === 'above' ? 'bottom-full mb-1' : 'top-full mt-1',
  ];
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        className="flex h-7 w-7 items-center justify-center rounded-full text-ink-muted hover:text-brand"
        aria-label={m.campaign_funding_breakdown()}
        aria-describedby={id}
      >
        <Icon size={18} className="h-4.5 w-4.5">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v6M12 7.5v.01" />
        </Icon>
      </button>
      <span id={id} role="tooltip" className={[TOOLTIP_CLASS, ...position].filter(Boolean).join(' ')}>
        <span className="mb-1 block font-semibold">{m.campaign_funding_breakdown()}</span>
        <Row term={m.campaign_raised_on_platform()} value={raisedOnPlatform} />
        <Row term={m.campaign_raised_offline()} value={raisedOffline} />
        <Row term={m.campaign_total()} value={total} total />
      </span>
    </span>
  );
}
