import type { BannerMessage } from '~/lib/contracts/platform';

// The record of the banner a visitor closed (SPEC §3 "a record of the hidden banner id"), read by the
// banner's inline script before the first paint (src/components/siteBannerScript.ts) and kept by
// the store $hiddenBannerId (src/stores/banner.ts) under the same localStorage key.

/** The localStorage key of the closed banner's id (@nanostores/persistent stores the id as is). */
export const HIDDEN_BANNER_KEY = 'hiddenBannerId';

/** Hidden when the stored record matches this banner's id; otherwise the banner's own isVisible decides (SPEC §4). */
export function isBannerShown(
  banner: Pick<BannerMessage, 'id' | 'isVisible'>,
  hiddenId: string | undefined,
): boolean {
  return hiddenId !== banner.id && banner.isVisible;
}
