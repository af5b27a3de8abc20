import { type ReactElement, useState } from 'react';
import { type ChampionView, toChampionView } from '~/components/organisation/championView';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { useHydrated } from '~/islands/shell/useHydrated';
import { type Envelope, publicApi } from '~/lib/api';
import type { Champion, ChampionsPage } from '~/lib/contracts/organisations';
import { PAGE_SIZES } from '~/lib/enums';

interface Props {
  organisationId: string;
  organisationName: string;
  /** The server-rendered pages (1 to pageNo). */
  initial: ChampionsPage;
  /** The page with one more page of champions: 'Load more' without JavaScript. */
  moreHref: string | null;
}

/** `existing` and then the champions of `incoming` not listed yet (SPEC §4 'load more'). */
function appendNewChampions(existing: readonly Champion[], incoming: readonly Champion[]): Champion[] {
  const seen = new Set(existing.map((champion) => champion.userId));
  return [...existing, ...incoming.filter((champion) => !seen.has(champion.userId))];
}

export function ChampionItem({ champion }: { champion: ChampionView }): ReactElement {
  return (
    <li className="flex items-center gap-3">
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
        <p className="font-semibold">{champion.name}</p>
        <p className="text-sm text-ink-muted">{champion.campaignsText}</p>
      </div>
    </li>
  );
}

function Champions({ organisationId, organisationName, initial, moreHref }: Props): ReactElement {
  const hydrated = useHydrated();
  const [items, setItems] = useState(initial.items);
  const [meta, setMeta] = useState(initial.paginationMetadata);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const hasMore = meta.pageNo < meta.pageCount;

  const loadMore = async (): Promise<void> => {
    setLoading(true);
    setFailed(false);
    try {
      const body = await publicApi
        .get(`organisations/users/champions/${encodeURIComponent(organisationId)}`, {
          searchParams: { pageNo: meta.pageNo + 1, pageSize: PAGE_SIZES.champions },
        })
        .json<Envelope<ChampionsPage>>();
      setItems((current) => appendNewChampions(current, body.data.items));
      setMeta(body.data.paginationMetadata);
    } catch (error) {
      console.warn('Could not load more champions.', error);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  const moreClass = 'btn-outline self-start px-6';
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-4">
        {items.map((champion) => (
          <ChampionItem key={champion.userId} champion={toChampionView(champion, organisationName)} />
        ))}
      </ul>
      {failed && (
        <p role="alert" className="text-sm text-red-800">
          More champions could not be loaded. Please try again.
        </p>
      )}
      {hasMore &&
        (hydrated ? (
          <button type="button" className={moreClass} disabled={loading} onClick={() => void loadMore()}>
            {loading ? 'Loading…' : 'Load more champions'}
          </button>
        ) : (
          moreHref && (
            <a href={moreHref} className={moreClass}>
              Load more champions
            </a>
          )
        ))}
    </div>
  );
}

/** The organisation's champions: the first 5 from the server, 'Load more champions' for the next. */
export default function ChampionList(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <Champions {...props} />
    </IslandErrorBoundary>
  );
}
