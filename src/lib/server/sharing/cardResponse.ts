import { PUBLIC_CACHE_CONTROL } from '~/lib/server/cache/storedAnswer';
import type { ShareCardImage } from './cardStore';

/** A card as the share routes answer it; a plain 404 when there is none (a preview needs no page). */
export function shareCardResponse(card: ShareCardImage | null): Response {
  if (!card) {
    return new Response('Not found.', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  return new Response(new Uint8Array(card.png), {
    headers: {
      'content-type': 'image/png',
      'content-length': String(card.png.byteLength),
      // The page names the card with `?v=<fingerprint>`; this tells which one was answered.
      'x-share-card': card.fingerprint,
      'cache-control': PUBLIC_CACHE_CONTROL,
    },
  });
}
