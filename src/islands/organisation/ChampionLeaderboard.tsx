import { type ReactElement, useEffect, useState } from 'react';
import { toChampionView } from '~/components/organisation/championView';
import { getChampionsPage } from '~/lib/api/organisations';
import { notifyStoreError } from '~/lib/api/storeErrors';
import type { Champion } from '~/lib/contracts/organisations';
import { Currency } from '~/lib/enums';
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

  if (failed) return <p className="text-sm text-red-800">The leaderboard could not be loaded.</p>;
  if (!champions) return <p className="text-sm text-ink-muted">Loading the leaderboard…</p>;
  if (champions.length === 0) return null;
  return (
    <section aria-labelledby="leaderboard-title" className="space-y-3">
      <h2 id="leaderboard-title" className="text-xl font-bold text-ink">
        Leaderboard
      </h2>
      <p className="text-sm text-ink-muted">
        What each champion's public campaigns for {organisationName} raised, less refunds.
      </p>
      <div className="overflow-x-auto rounded-xl border border-gray-200">
        <table className="w-full text-left text-sm">
          <thead className="bg-gray-50 text-ink-muted">
            <tr>
              <th scope="col" className="px-3 py-2">
                #
              </th>
              <th scope="col" className="px-3 py-2">
                Champion
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Raised
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Donors
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Campaigns
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {champions.map((champion, index) => (
              <tr key={champion.userId}>
                <td className="px-3 py-2 font-bold text-brand-dark">{index + 1}</td>
                <th scope="row" className="px-3 py-2 font-semibold">
                  {toChampionView(champion, organisationName).name}
                </th>
                <td className="px-3 py-2 text-right">{formatMoney(champion.raised, Currency.Rand)}</td>
                <td className="px-3 py-2 text-right">{champion.donors}</td>
                <td className="px-3 py-2 text-right">{champion.totalCampaigns}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
