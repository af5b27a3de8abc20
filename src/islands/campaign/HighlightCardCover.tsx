import type { ReactElement } from 'react';
import { TOOLTIP_CLASS } from '~/components/campaign/classes';
import { Icon } from '~/islands/ui/Icon';
import type { HighlightCardView } from '~/lib/campaignDisplay';
import type { CampaignCard } from '~/lib/contracts/campaigns';
import { href, m } from '~/lib/i18n';
import { CampaignTypeGlyph } from './CampaignTypeGlyph';

/** SPEC §2 highlight card placeholder, shown until the first image is added (the editor shows it too, in English). */
export const NO_IMAGES = {
  title: 'No images added',
  text: 'Upload images below to make your campaign pop!',
} as const;

/** NO_IMAGES in the page's language. */
function noImagesText(): { title: string; text: string } {
  return { title: m.campaign_no_images_title(), text: m.campaign_no_images_text() };
}

function NoImages(): ReactElement {
  const words = noImagesText();
  return (
    <span className="flex h-full flex-col items-center justify-center gap-1 px-6 text-center text-brand-dark">
      <Icon size={32} className="h-8 w-8" strokeWidth={1.8} square>
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <circle cx="9" cy="10" r="2" />
        <path d="M21 16l-5-5-8 8" />
      </Icon>
      <span className="font-semibold">{words.title}</span>
      <span className="text-xs">{words.text}</span>
    </span>
  );
}

/** Cards are a full-width column on phones, two across on tablets and three on wide screens. */
const CARD_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/** The card's picture with the campaign-type indicator and, for a draft, 'Not launched'. */
export function HighlightCardCover({
  campaign,
  view,
  priority = false,
}: {
  campaign: CampaignCard;
  view: HighlightCardView;
  /** Load the picture at once with high priority (the page's largest paint) instead of when near. */
  priority?: boolean;
}): ReactElement {
  const tipId = `type-${campaign.id}`;
  return (
    <div className="relative">
      {/* biome-ignore lint/a11y/useAnchorContent: a second way to the name's link for pointers only, hidden from assistive tech */}
      <a
        href={href(view.href)}
        className="block aspect-[16/9] bg-brand-light"
        tabIndex={-1}
        aria-hidden="true"
      >
        {campaign.image ? (
          <img
            src={campaign.image.url}
            srcSet={campaign.image.srcSet ?? undefined}
            sizes={campaign.image.srcSet ? CARD_SIZES : undefined}
            alt={campaign.image.alt}
            // The owner's description of the picture (or the campaign's name): their words.
            data-user-content
            className="h-full w-full object-cover"
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            width="640"
            height="360"
          />
        ) : (
          <NoImages />
        )}
      </a>
      <span className="group absolute left-2 top-2">
        <span
          // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users can read its tooltip
          tabIndex={0}
          className="flex h-8 w-8 items-center justify-center rounded-full bg-white/95 text-brand shadow"
          aria-label={view.typeLabel}
          aria-describedby={tipId}
          role="img"
        >
          <CampaignTypeGlyph type={view.type} />
        </span>
        <span id={tipId} role="tooltip" className={`${TOOLTIP_CLASS} left-0 top-full mt-1 whitespace-nowrap`}>
          {view.typeLabel}
        </span>
      </span>
      {view.notLaunched && (
        <span className="absolute right-2 top-2 rounded-full bg-ink px-2.5 py-1 text-xs font-semibold text-white">
          {m.campaign_not_launched()}
        </span>
      )}
    </div>
  );
}
