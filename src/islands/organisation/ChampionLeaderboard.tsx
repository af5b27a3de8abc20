import { type ReactElement, useEffect, useState } from 'react';
import { campaignsText, toChampionView } from '~/components/organisation/championView';
import { TitledSection } from '~/islands/shared/TitledSection';
import { getChampionsPage } from '~/lib/api/organisations';
import { notifyStoreError } from '~/lib/api/storeErrors';
import { donorsText } from '~/lib/campaignDisplay';
import type { Champion } from '~/lib/contracts/organisations';
import { Currency } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { messageParts } from '~/lib/i18n/messageParts';
import { formatMoney } from '~/lib/money';

/** The leaderboard shows this many champions (the API's largest page). */
const LEADERBOARD_SIZE = 50;

/**
 * The Champions tab's leaderboard: each champion's raised total (rand, less refunds), donors and
 * campaigns for the organisation, most raised first, as GET /organisations/users/champions/{id}?sort=raised answers.
 */
export function ChampionLeaderboard({
  organisationId,
  organisationName,
}: {
  organisationId: string;
  organisationName: string;
}): ReactElement | null {
  const [champions, setChampions] = useState<Champion[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    getChampionsPage(organisationId, 1, { sort: 'raised', pageSize: LEADERBOARD_SIZE })
      .then((page) => {
        if (current) setChampions(page.items);
      })
      .catch((error: unknown) => {
        if (!current) return;
        setFailed(true);
        notifyStoreError(error);
      });
    return () => {
      current = false;
    };
  }, [organisationId]);

  if (failed) return <p className="text-sm text-red-800">{m.organisation_leaderboard_failed()}</p>;
  if (!champions) return <p className="text-sm text-ink-muted">{m.organisation_leaderboard_loading()}</p>;
  if (champions.length === 0) return null;
  return (
    <TitledSection id="leaderboard" title={m.organisation_leaderboard()} className="space-y-3">
      <p className="text-sm text-ink-muted">
        {messageParts(m.organisation_leaderboard_intro, ['name']).map((part) =>
          'text' in part ? (
            part.text
          ) : (
            <span key="name" data-user-content>
              {organisationName}
            </span>
          ),
        )}
      </p>
      <ol
        className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white"
        aria-label={m.organisation_leaderboard_label()}
      >
        {champions.map((champion, index) => (
          <li key={champion.userId} className="flex items-center gap-3 px-4 py-3">
            <span className="w-8 flex-none text-center text-lg font-extrabold text-brand-dark">
              {index + 1}
            </span>
            <div className="min-w-0">
              <p className="font-semibold" data-user-content>
                {toChampionView(champion, organisationName).name}
              </p>
              <p className="text-sm text-ink-muted">
                <span className="font-semibold text-ink">{formatMoney(champion.raised, Currency.Rand)}</span>{' '}
                {m.organisation_raised()} · {donorsText(champion.donors)} ·{' '}
                {campaignsText(champion.totalCampaigns)}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </TitledSection>
  );
}
