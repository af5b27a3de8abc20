import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect, useRef } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import { CampaignHighlightCard } from '~/islands/campaign/CampaignHighlightCard';
import { editorTabHref } from '~/islands/editor/editorLinks';
import { payoutHref } from '~/islands/payout/payoutLinks';
import { Figures } from '~/islands/shared/Figures';
import { LoadFailure } from '~/islands/shared/LoadFailure';
import { ShowingMore } from '~/islands/shared/ShowingMore';
import { StartCampaignLink } from '~/islands/shell/StartCampaignLink';
import type { CampaignCard } from '~/lib/api/campaigns';
import { campaignHref } from '~/lib/campaignDisplay';
import { Currency } from '~/lib/enums';
import { formatMoney } from '~/lib/money';
import { $myCampaigns, hasMoreCampaigns, loadMoreCampaigns, loadMyCampaigns } from '~/stores/myCampaigns';

const actionClass =
  'inline-flex flex-1 items-center justify-center rounded-md border border-brand px-3 py-1.5 text-sm font-semibold text-brand hover:bg-brand-light';

/** One of the totals over all the user's campaigns, in rand (dollar campaigns converted). */
function Total({ term, rands }: { term: string; rands: number }): ReactElement {
  return (
    <div className="rounded-lg bg-brand-light px-4 py-3">
      <dt className="text-xs font-semibold text-ink-muted">{term}</dt>
      <dd className="whitespace-nowrap text-base font-extrabold text-brand-dark sm:text-lg">
        {formatMoney(rands, Currency.Rand)}
      </dd>
    </div>
  );
}

/** How one campaign is doing: raised, available, donors and this week's gifts (issue 26). */
function CampaignFigures({ campaign }: { campaign: CampaignCard }): ReactElement | null {
  const summary = campaign.summary;
  if (!summary) return null;
  const money = (amount: number) => formatMoney(amount, campaign.currency);
  const week = summary.week;
  return (
    <div className="rounded-lg bg-gray-50 px-3 py-2 text-sm">
      <Figures
        className="grid grid-cols-2 gap-x-3 gap-y-1"
        label={`How ${campaign.name} is doing`}
        valueClassName="font-bold text-ink"
        figures={[
          { label: 'Raised', value: money(summary.raised) },
          { label: 'Available', value: money(summary.available) },
          { label: 'Donors', value: summary.donors },
          {
            label: 'This week',
            value:
              week.donations === 0
                ? 'No gifts yet'
                : `${money(week.amount)} · ${week.donations} ${week.donations === 1 ? 'gift' : 'gifts'}`,
          },
        ]}
      />
      <a
        href={editorTabHref(campaign.id, 'insights')}
        className="mt-1 inline-block font-semibold text-brand underline"
      >
        See insights<span className="sr-only"> for {campaign.name}</span>
      </a>
    </div>
  );
}

/**
 * Whether a card offers 'Request a payout': launched, and the server says the user may
 * request its payouts (the campaign owner, or its organisation's Owners and Admins; never
 * a team member or an organisation's Editor or Champion, who would get 403).
 */
export function showsPayoutLink(campaign: Pick<CampaignCard, 'published' | 'mayRequestPayout'>): boolean {
  return campaign.published && campaign.mayRequestPayout === true;
}

/**
 * The My Campaigns tab (SPEC §2 profile tab 2): the user's campaigns as
 * highlight cards, 5 at a time, with Edit, View, Post update and (launched)
 * Request a payout, and the
 * totals over all of them.
 */
export function MyCampaigns(): ReactElement {
  const state = useStore($myCampaigns);
  const list = useRef<HTMLUListElement>(null);
  const firstNew = useRef<number | null>(null);

  useEffect(() => {
    void loadMyCampaigns(1);
  }, []);

  // After 'Load more', the keyboard continues at the first new campaign.
  useEffect(() => {
    if (firstNew.current === null || state.loading) return;
    const item = list.current?.children[firstNew.current] as HTMLElement | undefined;
    item?.querySelector<HTMLElement>('h3 a')?.focus();
    firstNew.current = null;
  }, [state.loading]);

  if (!state.loaded) {
    if (state.error) {
      return (
        <LoadFailure message="We could not load your campaigns." onRetry={() => void loadMyCampaigns(1)} />
      );
    }
    return <SessionPending label="Loading your campaigns…" />;
  }

  if (state.items.length === 0) {
    return (
      <div className="space-y-4">
        <p className="text-ink-muted">
          You have not started a campaign yet. When you do, it will be listed here.
        </p>
        <StartCampaignLink signedIn className="btn-primary">
          Start a campaign
        </StartCampaignLink>
      </div>
    );
  }

  const totals = state.totals;
  return (
    <div className="space-y-6">
      {totals ? (
        <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
          <Total term="Total of your targets" rands={totals.targetTotal} />
          <Total term="Paid out to you" rands={totals.payoutTotal} />
        </dl>
      ) : null}

      <ul ref={list} className="grid gap-5 sm:grid-cols-2" aria-label="Your campaigns">
        {state.items.map((campaign) => (
          <li key={campaign.id} className="flex flex-col gap-2">
            <div className="flex-1">
              <CampaignHighlightCard campaign={campaign} headingLevel={3} />
            </div>
            {campaign.summary && campaign.published ? <CampaignFigures campaign={campaign} /> : null}
            <div className="flex gap-2">
              <a href={editorTabHref(campaign.id)} className={actionClass}>
                Edit<span className="sr-only"> {campaign.name}</span>
              </a>
              {campaign.published ? (
                <a href={campaignHref(campaign.url)} className={actionClass}>
                  View<span className="sr-only"> {campaign.name}</span>
                </a>
              ) : null}
              <a href={editorTabHref(campaign.id, 'updates')} className={actionClass}>
                Post update<span className="sr-only"> on {campaign.name}</span>
              </a>
            </div>
            {showsPayoutLink(campaign) ? (
              <a href={payoutHref(campaign.id)} className={actionClass}>
                Request a payout<span className="sr-only"> from {campaign.name}</span>
              </a>
            ) : null}
          </li>
        ))}
      </ul>

      <ShowingMore
        list={state}
        noun={['campaign', 'campaigns']}
        hasMore={hasMoreCampaigns(state)}
        onMore={() => {
          firstNew.current = state.items.length;
          void loadMoreCampaigns();
        }}
      >
        <div className="flex-1" />
        <StartCampaignLink signedIn className="btn-primary">
          Start another campaign
        </StartCampaignLink>
      </ShowingMore>
    </div>
  );
}
