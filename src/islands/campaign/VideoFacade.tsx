import { type ReactElement, useEffect, useRef, useState } from 'react';
import { Icon } from '~/islands/ui/Icon';
import type { VideoEmbed } from '~/lib/campaignDisplay';
import { m } from '~/lib/i18n';

interface Props {
  video: VideoEmbed;
  /** What the video is about, for the button's and the player's accessible names. */
  title: string;
}

/**
 * A click-to-load video: a button on a neutral placeholder (provider
 * thumbnails live on hosts the CSP's img-src does not allow, and loading a
 * player costs hundreds of kilobytes) that becomes the player when clicked.
 */
export function VideoFacade({ video, title }: Props): ReactElement {
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const playerTitle = m.campaign_video_player_title({ title, provider: video.providerName });

  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  if (playing) {
    return (
      <iframe
        ref={frame}
        src={video.embedUrl}
        title={playerTitle}
        className="aspect-video w-full rounded-lg border-0 bg-black"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        data-user-content
      />
    );
  }
  return (
    <button
      type="button"
      className="group relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-lg bg-gradient-to-br from-ink to-brand-dark text-white"
      aria-label={m.campaign_play_video({ title, provider: video.providerName })}
      // Where server HTML is not hydrated, src/scripts/videoFacade.ts builds the player from these.
      data-embed-url={video.embedUrl}
      data-player-title={playerTitle}
      onClick={() => setPlaying(true)}
      // Its label and the player's title name the campaign: the owner's words.
      data-user-content
    >
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/90 text-brand-dark shadow-lg transition-transform group-hover:scale-110 group-focus-visible:scale-110">
        <Icon size={28} className="ml-1 h-7 w-7" filled>
          <path d="M7 4.5v15l13-7.5z" />
        </Icon>
      </span>
      <span className="absolute bottom-2 left-3 text-xs font-semibold uppercase tracking-wide text-white/85">
        {video.providerName}
      </span>
    </button>
  );
}
