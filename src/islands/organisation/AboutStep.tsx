import type { ReactElement } from 'react';
import type { EditorImage } from '~/islands/editor/campaignValues';
import { ImagePicker } from '~/islands/editor/ImagePicker';
import { LinksFields, socialInputs } from '~/islands/editor/LinksFields';
import { FormSection } from '~/islands/form/FormSection';
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

/** The organisation's own website first, then its social links. */
const ORGANISATION_LINKS = [
  { name: 'website', label: 'Website' },
  ...socialInputs(ORGANISATION_SOCIAL_PLATFORMS),
];

/** Step 2: the description, logo, videos, social links and website. */
export function AboutStep({ form, logo, onLogoChange, logoError }: Props): ReactElement {
  return (
    <div className="space-y-8">
      <DescriptionField form={form} />

      <FormSection
        id="organisation-logo"
        title="Logo"
        text="Shown on your organisation's page and its campaigns. To change it, remove it and choose another."
      >
        <ImagePicker
          id="organisation-logo"
          images={logo}
          onChange={onLogoChange}
          max={1}
          label="Choose a logo"
          error={logoError || undefined}
          firstLabel={null}
        />
      </FormSection>

      <LinksFields
        form={form}
        idPrefix="organisation"
        videosText="Links to YouTube or Vimeo videos about your work."
        maxVideos={ORGANISATION_LIMITS.videos}
        linksLegend="Website and social links"
        links={ORGANISATION_LINKS}
      />
    </div>
  );
}
