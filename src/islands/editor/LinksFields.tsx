import { Field, type FormStore } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { FormSection } from '~/islands/form/FormSection';
import { TextField } from '~/islands/form/TextField';
import { parseVideoUrl, type SocialPlatform } from '~/lib/schemas/campaign';
import { VideoLinkFields } from './VideoLinkFields';

export const SOCIAL_LABELS: Readonly<Record<SocialPlatform, string>> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X (Twitter)',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  website: 'Website',
};

/** A web address input: its form path and its label. */
export interface LinkInput {
  name: string;
  label: string;
}

/** The `socials.{platform}` inputs of these platforms. */
export const socialInputs = (platforms: readonly SocialPlatform[]): LinkInput[] =>
  platforms.map((platform) => ({ name: `socials.${platform}`, label: SOCIAL_LABELS[platform] }));

/** Which video a link points at, as the owner types it. */
function VideoHint({
  field,
}: {
  field: { value: { value: string | null | undefined } };
}): ReactElement | null {
  useSignals();
  const link = field.value.value ?? '';
  const video = link.trim() === '' ? null : parseVideoUrl(link);
  if (!video) return null;
  return (
    <>
      {video.provider === 'youtube' ? 'YouTube' : 'Vimeo'} video {video.id}
    </>
  );
}

interface Props {
  /** A form with a `videos` list and the `links` inputs. */
  // biome-ignore lint/suspicious/noExplicitAny: modular-forms cannot type "any form with these paths".
  form: FormStore<any, undefined>;
  /** Prefixes the videos section's heading id (`${idPrefix}-videos-title`). */
  idPrefix: string;
  videosText: string;
  maxVideos: number;
  /** Under each video link: which video it points at. */
  videoHint?: boolean;
  linksLegend: string;
  linksText?: string;
  links: readonly LinkInput[];
}

/** A page's videos (YouTube or Vimeo links) and its web and social links. */
export function LinksFields({
  form,
  idPrefix,
  videosText,
  maxVideos,
  videoHint = false,
  linksLegend,
  linksText,
  links,
}: Props): ReactElement {
  return (
    <>
      <FormSection id={`${idPrefix}-videos`} title="Videos" text={videosText}>
        <VideoLinkFields
          form={form}
          max={maxVideos}
          inputMode="text"
          {...(videoHint ? { hint: (field) => <VideoHint field={field} /> } : {})}
        />
      </FormSection>

      <fieldset className="space-y-4">
        <legend className="font-semibold text-ink">{linksLegend}</legend>
        {linksText ? <p className="text-sm text-ink-muted">{linksText}</p> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {links.map((link) => (
            <Field key={link.name} of={form} name={link.name}>
              {(field, props) => (
                <TextField
                  field={field}
                  props={props}
                  label={link.label}
                  type="url"
                  inputMode="text"
                  autoComplete="url"
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
    </>
  );
}
