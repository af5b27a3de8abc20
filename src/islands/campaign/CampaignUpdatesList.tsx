import type { ReactElement } from 'react';
import { RICH_TEXT_CLASS } from '~/components/campaign/classes';
import { LoadMoreButton } from '~/islands/shared/LoadMoreButton';
import { useLoadMore } from '~/islands/shared/useLoadMore';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { getCampaignUpdatesPage } from '~/lib/api/campaigns';
import { formatLocalShortDate, videoEmbedOf } from '~/lib/campaignDisplay';
import type { CampaignUpdate, CampaignUpdatesPage } from '~/lib/contracts/campaigns';

import { m } from '~/lib/i18n';
import { VideoFacade } from './VideoFacade';

interface Props {
  /** The campaign's url path (idType 0). */
  identifier: string;
  campaignName: string;
  /** The language the owner writes in (the story's), marked on each update's text. */
  lang?: string | undefined;
  /** The server-rendered pages (1 to pageNo), newest first. */
  initial: CampaignUpdatesPage;
  /** Where 'Load more' leads without JavaScript: the page with one more page of updates. */
  moreHref: string;
}

function UpdateArticle({
  update,
  campaignName,
  lang,
}: {
  update: CampaignUpdate;
  campaignName: string;
  lang: string | undefined;
}): ReactElement {
  const name = [update.firstName, update.lastName].filter(Boolean).join(' ');
  const videos = update.videos.map(videoEmbedOf).filter((v) => v !== null);
  return (
    <article
      className="flex flex-col gap-3 border-b border-gray-100 py-5 last:border-b-0"
      data-item={update.id}
    >
      {/* The update's heading (who wrote it, when): a screen reader moves from update to update by it. */}
      <h3 className="text-sm font-normal text-ink-muted">
        {name ? (
          <span className="font-semibold text-ink" data-user-content>
            {name}
          </span>
        ) : (
          <span className="font-semibold text-ink">{m.campaign_update_organiser()}</span>
        )}{' '}
        · <time dateTime={update.createdAt}>{formatLocalShortDate(update.createdAt)}</time>
      </h3>
      <div
        className={RICH_TEXT_CLASS}
        lang={lang}
        data-user-content
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises update descriptions to an allow-list
        dangerouslySetInnerHTML={{ __html: update.description }}
      />
      {update.images.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {update.images.map((image, i) => (
            <li key={image.url}>
              <a href={image.url} className="block aspect-square overflow-hidden rounded-md bg-brand-light">
                <img
                  src={image.url}
                  alt={m.campaign_update_image_alt({
                    name: campaignName,
                    number: i + 1,
                    count: update.images.length,
                  })}
                  width="160"
                  height="160"
                  // The alt text names the campaign: the owner's words.
                  data-user-content
                  className="h-full w-full object-cover"
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {videos.map((video) => (
        <VideoFacade
          key={video.embedUrl}
          video={video}
          title={m.campaign_update_video_title({ name: campaignName })}
        />
      ))}
    </article>
  );
}

function UpdatesList({ identifier, campaignName, lang, initial, moreHref }: Props): ReactElement {
  const list = useLoadMore(
    initial,
    (pageNo) => getCampaignUpdatesPage(identifier, pageNo),
    (update) => update.id,
  );
  return (
    <div className="flex flex-col">
      {list.items.map((update) => (
        <UpdateArticle key={update.id} update={update} campaignName={campaignName} lang={lang} />
      ))}
      <LoadMoreButton
        list={list}
        label={m.campaign_load_more_updates()}
        failedText={m.campaign_updates_failed()}
        href={moreHref}
        align="center"
      />
    </div>
  );
}

/** The campaign's updates, newest first: the first page from the server, 'Load more updates' for the next (5 a page). */
export default function CampaignUpdatesList(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <UpdatesList {...props} />
    </IslandErrorBoundary>
  );
}
