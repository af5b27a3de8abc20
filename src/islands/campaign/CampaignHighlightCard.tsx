import type { ReactElement } from 'react';
import { CardTitle } from '~/islands/shared/CardTitle';
import { Figures } from '~/islands/shared/Figures';
import { highlightCardView } from '~/lib/campaignDisplay';
import type { CampaignCard } from '~/lib/contracts/campaigns';
import { toDate } from '~/lib/dates';
import { href, m } from '~/lib/i18n';
import { messageParts } from '~/lib/i18n/messageParts';
import { formatMoney } from '~/lib/money';
import { FundingBreakdown } from './FundingBreakdown';
import { HighlightCardCover } from './HighlightCardCover';

interface Props {
  campaign: CampaignCard;
  /** The moment the time display counts from; pass the server's so hydration prints the same text. */
  now?: Date | string;
  /** Heading level of the campaign name in the page outline. */
  headingLevel?: 2 | 3;
  /** The page's likely largest paint (home's first card): its picture loads at once and first. */
  priority?: boolean;
}

/**
 * SPEC §2 campaign highlight card: rendered to static HTML by Astro pages (the
 * home page) and inside islands (My Campaigns, search results, the review step).
 * Tooltips open on hover and keyboard focus with CSS only, so it needs no JavaScript.
 */
export function CampaignHighlightCard({
  campaign,
  now,
  headingLevel = 3,
  priority = false,
}: Props): ReactElement {
  const view = highlightCardView(campaign, toDate(now ?? null) ?? new Date());
  const money = (amount: number): string => formatMoney(amount, campaign.currency);
  const link = href(view.href);
  const byName = campaign.organisation ? campaign.organisation.legalName : campaign.ownerName;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <HighlightCardCover campaign={campaign} view={view} priority={priority} />

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <CardTitle level={headingLevel} href={link} name={campaign.name} />
          <p className="mt-1 text-xs text-ink-muted">
            {messageParts(m.campaign_card_created_by, ['date', 'name']).map((part) =>
              'text' in part ? (
                part.text
              ) : part.slot === 'date' ? (
                <time key="date" dateTime={campaign.createdAt}>
                  {view.createdText}
                </time>
              ) : (
                <span key="name" data-user-content>
                  {byName}
                </span>
              ),
            )}
          </p>
        </div>

        <div className="flex items-baseline gap-1.5">
          <span className="text-xl font-extrabold text-brand-dark">{money(campaign.totalRaised)}</span>
          <span className="text-sm text-ink-muted">{m.campaign_raised()}</span>
          <FundingBreakdown
            id={`funding-${campaign.id}`}
            raisedOnPlatform={money(campaign.raisedOnPlatform)}
            raisedOffline={money(campaign.raisedOffline)}
            total={money(campaign.totalRaised)}
          />
        </div>

        <div>
          <progress
            className="progress-bar"
            max="100"
            value={view.progressValue}
            aria-label={m.campaign_card_progress({ progress: `${view.progress}%` })}
          >
            {view.progress}%
          </progress>
          <p className="mt-1 flex justify-between text-xs text-ink-muted">
            <span>
              {messageParts(m.campaign_card_progress, ['progress']).map((part) =>
                'text' in part ? (
                  part.text
                ) : (
                  <strong key="progress" className="text-ink">
                    {view.progress}%
                  </strong>
                ),
              )}
            </span>
            <span>{m.campaign_card_target({ amount: money(campaign.donationTarget) })}</span>
          </p>
        </div>

        <Figures
          className="mt-auto grid grid-cols-3 gap-2 border-t border-gray-100 pt-3 text-xs"
          valueClassName="font-semibold"
          figures={[
            { label: m.campaign_status(), value: view.statusText },
            { label: view.time.label, value: view.time.value },
            {
              label: m.campaign_verified(),
              value: view.verifiedText,
              valueClassName: campaign.isVerified ? 'font-semibold text-brand' : 'font-semibold',
            },
          ]}
        />
      </div>
    </article>
  );
}
