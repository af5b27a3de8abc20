import type { ReactElement } from 'react';
import { RichTextField } from '~/islands/editor/RichTextField';
import { ORGANISATION_LIMITS, textOfDescription } from '~/lib/schemas/organisation';
import type { OrganisationFormStore } from './organisationValues';

const descriptionLength = (html: string): number => textOfDescription(html).length;

/** The organisation's description, in the rich-text editor of campaign stories. */
export function DescriptionField({ form }: { form: OrganisationFormStore }): ReactElement {
  return (
    <RichTextField
      form={form}
      name="briefDescription"
      label="Description"
      hint={
        <>
          What your organisation does, for whom and where. At least {ORGANISATION_LIMITS.descriptionMinText}{' '}
          characters.
        </>
      }
      placeholder="Start with your mission…"
      size="small"
      min={ORGANISATION_LIMITS.descriptionMinText}
      lengthOf={descriptionLength}
    />
  );
}
