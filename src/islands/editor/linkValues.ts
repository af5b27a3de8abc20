import type { SocialPlatform } from '~/lib/schemas/campaign';

/**
 * The videos and social links of a campaign's or an organisation's form and
 * their lists in the contract (docs/api): only the links given are sent, so an
 * entry's index there is not its input's. Pure.
 */

export interface LinkValues {
  videos: readonly string[];
  socials: Readonly<Record<string, string>>;
}

/** How the sent list entries map back to the inputs. */
export interface LinkEntries {
  /** The platform of each entry of `socials`. */
  socialPlatforms: SocialPlatform[];
  /** The form index of each entry of `videos`. */
  videoIndexes: number[];
}

/** The `videos` and `socials` to send for these inputs (of `platforms`), and where each entry came from. */
export function linkEntriesOf(
  values: LinkValues,
  platforms: readonly SocialPlatform[],
): LinkEntries & { videos: string[]; socials: { platform: SocialPlatform; url: string }[] } {
  const socialPlatforms = platforms.filter((platform) => (values.socials[platform] ?? '').trim() !== '');
  const videoIndexes = values.videos.flatMap((link, index) => (link.trim() === '' ? [] : [index]));
  return {
    socialPlatforms,
    videoIndexes,
    videos: videoIndexes.map((index) => (values.videos[index] ?? '').trim()),
    socials: socialPlatforms.map((platform) => ({ platform, url: (values.socials[platform] ?? '').trim() })),
  };
}

/**
 * The input an error of the contract's `socials.1.url` or `videos.0` belongs
 * to (that entry's platform among `platforms`, the form's own index); null for other paths.
 */
export function linkFormPathOf(
  path: string,
  entries: LinkEntries,
  platforms: readonly SocialPlatform[],
): string | null {
  const [head, index] = path.split('.');
  if (head === 'socials') {
    const platform = index === undefined ? undefined : entries.socialPlatforms[Number(index)];
    // An entry that cannot be placed shows under the first platform's input.
    return `socials.${platform ?? platforms[0]}`;
  }
  if (head === 'videos') {
    const formIndex = index === undefined ? undefined : entries.videoIndexes[Number(index)];
    return formIndex === undefined ? 'videos' : `videos.${formIndex}`;
  }
  return null;
}
