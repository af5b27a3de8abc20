import { persistentAtom } from '@nanostores/persistent';
import { HIDDEN_BANNER_KEY } from '~/lib/bannerHiding';
import './storage';

/** The id of the banner the visitor closed (SPEC §3 "a record of the hidden banner id"). */
export const $hiddenBannerId = persistentAtom<string | undefined>(HIDDEN_BANNER_KEY, undefined);

/** Closing remembers this banner's id, so a new banner shows again. */
export function hideBanner(id: string): void {
  $hiddenBannerId.set(id);
}
