import type { ReactElement } from 'react';
import { TOOLTIP_CLASS } from '~/components/campaign/classes';
import { highlightCardView } from '~/lib/campaignDisplay';
import { toDate } from '~/lib/dates';
import { formatMoney } from '~/lib/money';
import type { CampaignCard } from '~/lib/server/campaigns/cards';
import { CampaignTypeGlyph } from './CampaignTypeGlyph';

interface Props {
  campaign: CampaignCard;
  /** The moment the time display counts from; pass the server's so hydration prints the same text. */
  now?: Date | string;
  /** Heading level of the campaign name in the page outline. */
  headingLevel?: 2 | 3;
}

function FundingBreakdownTip({
  id,
  rows,
}: {
  id: string;
  rows: { onPlatform: string; offline: string; total: string };
}): ReactElement {
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        className="flex h-7 w-7 items-center justify-center rounded-full text-ink-muted hover:text-brand"
        aria-label="Funding Breakdown"
        aria-describedby={id}
      >
        <svg
          width="18"
          height="18"
          className="h-4.5 w-4.5"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v6M12 7.5v.01" />
        </svg>
      </button>
      <span
        id={id}
        role="tooltip"
        className={`${TOOLTIP_CLASS} bottom-full right-0 mb-1 w-60 sm:left-1/2 sm:right-auto sm:-translate-x-1/2`}
      >
        <span className="mb-1 block font-semibold">Funding Breakdown</span>
        <span className="flex justify-between gap-3">
          <span>Raised on platform</span>
          <span>{rows.onPlatform}</span>
        </span>
        <span className="flex justify-between gap-3">
          <span>Raised offline</span>
          <span>{rows.offline}</span>
        </span>
        <span className="mt-1 flex justify-between gap-3 border-t border-white/30 pt-1 font-semibold">
          <span>Total</span>
          <span>{rows.total}</span>
        </span>
      </span>
    </span>
  );
}

/**
 * SPEC §2 campaign highlight card for islands (My Campaigns, search results).
 * Same rules as the server-rendered CampaignHighlightCard.astro (highlightCardView);
 * tooltips open on hover and keyboard focus with CSS only.
 */
export function CampaignHighlightCard({ campaign, now, headingLevel = 3 }: Props): ReactElement {
  const view = highlightCardView(campaign, toDate(now ?? null) ?? new Date());
  const money = (amount: number): string => formatMoney(amount, campaign.currency);
  const tipId = (what: string): string => `${what}-${campaign.id}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="relative">
        {/* biome-ignore lint/a11y/useAnchorContent: a second way to the name's link for pointers only, hidden from assistive tech */}
        <a href={view.href} className="block aspect-[16/9] bg-brand-light" tabIndex={-1} aria-hidden="true">
          {campaign.image ? (
            <img
              src={campaign.image.url}
              alt={campaign.image.alt}
              className="h-full w-full object-cover"
              loading="lazy"
              decoding="async"
              width="640"
              height="360"
            />
          ) : (
            <span className="flex h-full flex-col items-center justify-center gap-1 px-6 text-center text-brand-dark">
              <svg
                width="32"
                height="32"
                className="h-8 w-8"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                aria-hidden="true"
                focusable="false"
              >
                <rect x="3" y="5" width="18" height="14" rx="2" />
                <circle cx="9" cy="10" r="2" />
                <path d="M21 16l-5-5-8 8" />
              </svg>
              <span className="font-semibold">No images added</span>
              <span className="text-xs">Upload images below to make your campaign pop!</span>
            </span>
          )}
        </a>
        <span className="group absolute left-2 top-2">
          <span
            // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users can read its tooltip
            tabIndex={0}
            className="flex h-8 w-8 items-center justify-center rounded-full bg-white/95 text-brand shadow"
            aria-label={view.typeLabel}
            aria-describedby={tipId('type')}
            role="img"
          >
            <CampaignTypeGlyph type={view.type} />
          </span>
          <span
            id={tipId('type')}
            role="tooltip"
            className={`${TOOLTIP_CLASS} left-0 top-full mt-1 whitespace-nowrap`}
          >
            {view.typeLabel}
          </span>
        </span>
        {view.notLaunched && (
          <span className="absolute right-2 top-2 rounded-full bg-ink px-2.5 py-1 text-xs font-semibold text-white">
            Not launched
          </span>
        )}
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <Heading className="text-lg font-bold leading-snug">
            <a href={view.href} className="text-ink hover:text-brand hover:underline">
              {campaign.name}
            </a>
          </Heading>
          <p className="mt-1 text-xs text-ink-muted">
            Created <time dateTime={campaign.createdAt}>{view.createdText}</time> · by{' '}
            {campaign.organisation ? campaign.organisation.legalName : campaign.ownerName}
          </p>
        </div>

        <div className="flex items-baseline gap-1.5">
          <span className="text-xl font-extrabold text-brand-dark">{money(campaign.totalRaised)}</span>
          <span className="text-sm text-ink-muted">raised</span>
          <FundingBreakdownTip
            id={tipId('funding')}
            rows={{
              onPlatform: money(campaign.raisedOnPlatform),
              offline: money(campaign.raisedOffline),
              total: money(campaign.totalRaised),
            }}
          />
        </div>

        <div>
          <progress
            className="progress-bar"
            max="100"
            value={view.progressValue}
            aria-label={`Progress ${view.progress}%`}
          >
            {view.progress}%
          </progress>
          <p className="mt-1 flex justify-between text-xs text-ink-muted">
            <span>
              Progress <strong className="text-ink">{view.progress}%</strong>
            </span>
            <span>Target {money(campaign.donationTarget)}</span>
          </p>
        </div>

        <dl className="mt-auto grid grid-cols-3 gap-2 border-t border-gray-100 pt-3 text-xs">
          <div>
            <dt className="text-ink-muted">Status</dt>
            <dd className="font-semibold">{view.statusText}</dd>
          </div>
          <div>
            <dt className="text-ink-muted">{view.time.label}</dt>
            <dd className="font-semibold">{view.time.value}</dd>
          </div>
          <div>
            <dt className="text-ink-muted">Verified</dt>
            <dd className={campaign.isVerified ? 'font-semibold text-brand' : 'font-semibold'}>
              {view.verifiedText}
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}

export default CampaignHighlightCard;
