import { embedUrlOf } from '~/lib/schemas/campaignVideos';

export {
  canonicalVideoUrl,
  embedUrlOf,
  embedVideoUrl,
  normaliseVideoUrl,
  parseVideoUrl,
} from '~/lib/schemas/campaignVideos';

/**
 * Stored video links (canonical watch URLs) as the player URLs the API answers
 * with; a stored link that no longer parses is left out rather than framed.
 */
export function embedUrlsOf(stored: readonly string[]): string[] {
  return stored.flatMap((url) => {
    const embed = embedUrlOf(url);
    return embed ? [embed] : [];
  });
}
