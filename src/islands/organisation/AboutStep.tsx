import { Field } from '@modular-forms/react';
import type { ReactElement } from 'react';
import type { EditorImage } from '~/islands/editor/campaignValues';
import { ImagePicker } from '~/islands/editor/ImagePicker';
import { SOCIAL_LABELS } from '~/islands/editor/MediaStep';
import { VideoLinkFields } from '~/islands/editor/VideoLinkFields';
import { TextField } from '~/islands/form/TextField';
import { ORGANISATION_LIMITS } from '~/lib/schemas/organisation';
import { DescriptionField } from './DescriptionField';
import { ORGANISATION_SOCIAL_PLATFORMS, type OrganisationFormStore } from './organisationValues';

interface Props {
  form: OrganisationFormStore;
  /** The logo: at most one image, saved or chosen here. */
  logo: readonly EditorImage[];
  onLogoChange: (images: EditorImage[]) => void;
  logoError: string;
}

/** Step 2: the description, logo, videos, social links and website. */
export function AboutStep({ form, logo, onLogoChange, logoError }: Props): ReactElement {
  return (
    <div className="space-y-8">
      <DescriptionField form={form} />

      <section aria-labelledby="organisation-logo-title" className="space-y-3">
        <div>
          <h3 id="organisation-logo-title" className="font-semibold text-ink">
            Logo
          </h3>
          <p className="text-sm text-ink-muted">
            Shown on your organisation's page and its campaigns. To change it, remove it and choose another.
          </p>
        </div>
        <ImagePicker
          id="organisation-logo"
          images={logo}
          onChange={onLogoChange}
          max={1}
          label="Choose a logo"
          error={logoError || undefined}
          firstLabel={null}
        />
      </section>

      <section aria-labelledby="organisation-videos-title" className="space-y-3">
        <div>
          <h3 id="organisation-videos-title" className="font-semibold text-ink">
            Videos
          </h3>
          <p className="text-sm text-ink-muted">Links to YouTube or Vimeo videos about your work.</p>
        </div>
        <VideoLinkFields form={form} max={ORGANISATION_LIMITS.videos} inputMode="text" />
      </section>

      <fieldset className="space-y-4">
        <legend className="font-semibold text-ink">Website and social links</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field of={form} name="website">
            {(field, props) => (
              <TextField
                field={field}
                props={props}
                label="Website"
                type="url"
                inputMode="text"
                autoComplete="url"
              />
            )}
          </Field>
          {ORGANISATION_SOCIAL_PLATFORMS.map((platform) => (
            <Field key={platform} of={form} name={`socials.${platform}`}>
              {(field, props) => (
                <TextField
                  field={field}
                  props={props}
                  label={SOCIAL_LABELS[platform]}
                  type="url"
                  inputMode="text"
                  autoComplete="url"
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
