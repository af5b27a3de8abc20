import type { ReactElement } from 'react';
import { type ChampionView, toChampionView } from '~/components/organisation/championView';
import { LoadMoreButton } from '~/islands/shared/LoadMoreButton';
import { useLoadMore } from '~/islands/shared/useLoadMore';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { getChampionsPage } from '~/lib/api/organisations';
import type { ChampionsPage } from '~/lib/contracts/organisations';
import { m } from '~/lib/i18n';

interface Props {
  organisationId: string;
  organisationName: string;
  /** The server-rendered pages (1 to pageNo). */
  initial: ChampionsPage;
  /** The page with one more page of champions: 'Load more' without JavaScript. */
  moreHref: string | null;
}

export function ChampionItem({ champion }: { champion: ChampionView }): ReactElement {
  return (
    <li className="flex items-center gap-3" data-item={champion.key}>
      {champion.image ? (
        <img
          src={champion.image}
          alt=""
          width="40"
          height="40"
          className="h-10 w-10 flex-none rounded-full object-cover"
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span
          className="flex h-10 w-10 flex-none items-center justify-center rounded-full bg-brand font-bold text-white"
          aria-hidden="true"
        >
          {champion.initials}
        </span>
      )}
      <div>
        <p className="font-semibold" data-user-content>
          {champion.name}
        </p>
        <p className="text-sm font-semibold text-brand-dark">{champion.raisedText}</p>
        <p className="text-sm text-ink-muted">{champion.campaignsText}</p>
      </div>
    </li>
  );
}

function Champions({ organisationId, organisationName, initial, moreHref }: Props): ReactElement {
  const list = useLoadMore(
    initial,
    (pageNo) => getChampionsPage(organisationId, pageNo, { sort: 'raised' }),
    (champion) => champion.userId,
  );
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col gap-4">
        {list.items.map((champion) => (
          <ChampionItem key={champion.userId} champion={toChampionView(champion, organisationName)} />
        ))}
      </ol>
      <LoadMoreButton
        list={list}
        label={m.organisation_load_more_champions()}
        failedText={m.organisation_more_champions_failed()}
        href={moreHref}
        align="start"
      />
    </div>
  );
}

/** The organisation's champions, most raised first: the first 5 from the server, 'Load more champions' for the next. */
export default function ChampionList(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <Champions {...props} />
    </IslandErrorBoundary>
  );
}
