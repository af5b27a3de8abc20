import * as v from 'valibot';

/**
 * Video links a campaign or an update may carry: YouTube and Vimeo only.
 * Pure, so the editor previews exactly what the server will store.
 */

export type VideoProvider = 'youtube' | 'vimeo';

export interface VideoRef {
  provider: VideoProvider;
  id: string;
  /** Vimeo's privacy hash of an unlisted video (vimeo.com/ID/HASH). */
  hash?: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/i;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

function toUrl(input: string): URL | null {
  const text = input.trim();
  if (text === '' || text.length > 500) return null;
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return parts[0] ?? null;
  if (!YOUTUBE_HOSTS.has(host)) return null;
  if (parts[0] === 'watch') return url.searchParams.get('v');
  if (parts[0] && ['embed', 'shorts', 'live', 'v'].includes(parts[0])) return parts[1] ?? null;
  return null;
}

function vimeoRef(url: URL): VideoRef | null {
  if (!VIMEO_HOSTS.has(url.hostname.toLowerCase())) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  const [first, second] = url.hostname.toLowerCase() === 'player.vimeo.com' ? parts.slice(1) : parts;
  if (!first || !VIMEO_ID.test(first)) return null;
  const hash = second ?? url.searchParams.get('h') ?? undefined;
  return hash && VIMEO_HASH.test(hash)
    ? { provider: 'vimeo', id: first, hash }
    : { provider: 'vimeo', id: first };
}

/**
 * The video a link points at: YouTube watch, youtu.be, embed and shorts links,
 * vimeo.com/ID and player.vimeo.com/video/ID (with or without https://). Null
 * for anything else.
 */
export function parseVideoUrl(input: string): VideoRef | null {
  const url = toUrl(input);
  if (!url) return null;
  const id = youtubeId(url);
  if (id !== null) return YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
  return vimeoRef(url);
}

/** The one stored form of a video: `https://www.youtube.com/watch?v=ID` or `https://vimeo.com/ID[/HASH]`. */
export function canonicalVideoUrl(ref: VideoRef): string {
  if (ref.provider === 'youtube') return `https://www.youtube.com/watch?v=${ref.id}`;
  return `https://vimeo.com/${ref.id}${ref.hash ? `/${ref.hash}` : ''}`;
}

/** The player address a page may frame (the CSP allows exactly these two hosts). */
export function embedVideoUrl(ref: VideoRef): string {
  if (ref.provider === 'youtube') return `https://www.youtube-nocookie.com/embed/${ref.id}`;
  return `https://player.vimeo.com/video/${ref.id}${ref.hash ? `?h=${ref.hash}` : ''}`;
}

/** A link in its stored form, or null when it is not a YouTube or Vimeo video. */
export function normaliseVideoUrl(input: string): string | null {
  const ref = parseVideoUrl(input);
  return ref ? canonicalVideoUrl(ref) : null;
}

/** The embeddable player URL of any accepted link (stored or as typed), or null. */
export function embedUrlOf(input: string): string | null {
  const ref = parseVideoUrl(input);
  return ref ? embedVideoUrl(ref) : null;
}

export const VIDEO_MESSAGES = { notVideo: 'Only YouTube and Vimeo links can be added.' } as const;

/** Video links, each turned into its stored form; at most `max` (`tooMany` beyond). */
export const videoListSchema = (max: number, tooMany: string) =>
  v.pipe(
    v.array(
      v.pipe(
        v.string(VIDEO_MESSAGES.notVideo),
        v.check((link) => normaliseVideoUrl(link) !== null, VIDEO_MESSAGES.notVideo),
        v.transform((link) => normaliseVideoUrl(link) as string),
      ),
      VIDEO_MESSAGES.notVideo,
    ),
    v.maxLength(max, tooMany),
  );
