import { Field } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { DocumentPicker } from '~/islands/editor/DocumentPicker';
import { TextField } from '~/islands/form/TextField';
import { TitledSection } from '~/islands/shared/TitledSection';
import type { FileView, IdName } from '~/lib/api/organisations';
import { fullName } from '~/lib/people';
import { ORGANISATION_MESSAGES, textOfDescription } from '~/lib/schemas/organisation';
import {
  type OrganisationFormStore,
  type OrganisationStep,
  readOrganisationValues,
} from './organisationValues';

interface Props {
  form: OrganisationFormStore;
  types: readonly IdName[];
  sectors: readonly IdName[];
  certificate: File | null;
  onCertificateChange: (file: File | null) => void;
  certificateError: string;
  /** The certificate already on the server, if any. */
  savedCertificate: FileView | null;
  hasLogo: boolean;
  onGoTo: (step: OrganisationStep) => void;
}

const SUMMARY_LENGTH = 160;

/**
 * Step 4: the optional NPO number, Section 18A certificate and PBO reference number, then what
 * will be sent, step by step.
 */
export function CertificateStep(props: Props): ReactElement {
  useSignals();
  const values = readOrganisationValues(props.form, { peek: false });
  const type = props.types.find((t) => String(t.id) === values.organizationTypeId)?.name;
  const sectors = props.sectors
    .filter((s) => values.organizationSectors.includes(String(s.id)))
    .map((s) => s.name);
  const description = textOfDescription(values.briefDescription);
  const contact = values.mainContactPerson;
  const rows: { label: string; value: string; step: OrganisationStep }[] = [
    { label: 'Legal name', value: values.legalName, step: 'organisation' },
    { label: 'Type', value: type ?? '', step: 'organisation' },
    { label: 'Sectors', value: sectors.join(', '), step: 'organisation' },
    {
      label: 'Description',
      value: description.length > SUMMARY_LENGTH ? `${description.slice(0, SUMMARY_LENGTH)}…` : description,
      step: 'about',
    },
    { label: 'Logo', value: props.hasLogo ? 'Added' : '', step: 'about' },
    {
      label: 'Main contact',
      value: [fullName(contact), contact.email].filter(Boolean).join(', '),
      step: 'contact',
    },
  ];
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        {props.savedCertificate ? (
          <p className="text-sm text-ink">
            Section 18A certificate on file: <strong>{props.savedCertificate.fileName}</strong>
          </p>
        ) : null}
        <Field of={props.form} name="npoNumber">
          {(field, fieldProps) => (
            <TextField
              field={field}
              props={fieldProps}
              label="NPO number"
              autoComplete="off"
              hint={
                <>
                  The number the Department of Social Development gave you as a registered non-profit
                  organisation, such as <span className="whitespace-nowrap">123-456 NPO</span>. Staff check it
                  against your NPO certificate.
                </>
              }
            />
          )}
        </Field>
        <DocumentPicker
          id="organisation-certificate"
          label="Section 18A certificate"
          required={false}
          hint="If donations to you are tax deductible, upload the certificate so donors can get a receipt. PDF, JPEG or PNG, up to 10 MB."
          files={props.certificate ? [props.certificate] : []}
          onChange={(files) => props.onCertificateChange(files[0] ?? null)}
          max={1}
          tooMany={ORGANISATION_MESSAGES.oneCertificate}
          error={props.certificateError || undefined}
        />
        <Field of={props.form} name="pboNumber">
          {(field, fieldProps) => (
            <TextField
              field={field}
              props={fieldProps}
              label="PBO reference number"
              inputMode="numeric"
              autoComplete="off"
              hint="The number SARS gave you as an approved public benefit organisation. With it, donors can ask for a Section 18A receipt, which Letsema issues in your name."
            />
          )}
        </Field>
      </div>

      <TitledSection
        id="organisation-review"
        title="Check your details"
        heading="h3"
        className="space-y-2"
        titleClassName="font-semibold text-ink"
      >
        <dl className="divide-y divide-gray-100 rounded-lg border border-gray-200">
          {rows.map((row) => (
            <div key={row.label} className="grid gap-1 px-3 py-2 sm:grid-cols-[9rem_1fr_auto] sm:gap-4">
              <dt className="text-sm font-semibold text-ink-muted">{row.label}</dt>
              <dd className="min-w-0 break-words text-ink">
                {row.value || <span className="text-ink-muted">Not given</span>}
              </dd>
              <dd>
                <button
                  type="button"
                  className="text-sm font-semibold text-brand underline"
                  aria-label={`Change ${row.label.toLowerCase()}`}
                  onClick={() => props.onGoTo(row.step)}
                >
                  Change
                </button>
              </dd>
            </div>
          ))}
        </dl>
      </TitledSection>
    </div>
  );
}
