import { persistentAtom } from '@nanostores/persistent';
import type { BannerMessage } from '~/lib/contracts/platform';
import './storage';

/** The id of the banner the visitor closed (SPEC §3 "a record of the hidden banner id"). */
export const $hiddenBannerId = persistentAtom<string | undefined>('hiddenBannerId', undefined);

/** Hidden when the stored record matches this banner's id; otherwise the banner's own isVisible decides (SPEC §4). */
export function isBannerShown(
  banner: Pick<BannerMessage, 'id' | 'isVisible'>,
  hiddenId: string | undefined,
): boolean {
  return hiddenId !== banner.id && banner.isVisible;
}

/** Closing remembers this banner's id, so a new banner shows again. */
export function hideBanner(id: string): void {
  $hiddenBannerId.set(id);
}
