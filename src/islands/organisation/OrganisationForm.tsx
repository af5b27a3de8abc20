import { type FormErrors, getErrors, setError, validate } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { type FormEvent, type ReactElement, useState } from 'react';
import type { EditorImage } from '~/islands/editor/campaignValues';
import { StepList } from '~/islands/editor/StepList';
import { StepActionBar, StepHeading, StepSection } from '~/islands/editor/StepParts';
import { useSteppedForm } from '~/islands/editor/useSteppedForm';
import type { IdName, MyOrganisationView } from '~/lib/api/organisations';
import { AboutStep } from './AboutStep';
import { CertificateStep } from './CertificateStep';
import { ContactStep } from './ContactStep';
import { DetailsStep } from './DetailsStep';
import { saveOrganisation } from './organisationActions';
import {
  type ContactPrefill,
  completeOrganisationValues,
  newOrganisationValues,
  ORGANISATION_STEP_LABELS,
  ORGANISATION_STEPS,
  type OrganisationFormValues,
  organisationFieldPaths,
  readOrganisationValues,
  type SaveMode,
  stepOfField,
  validateOrganisationValues,
  valuesFromOrganisation,
} from './organisationValues';

interface Props {
  /** Null on /organization/register. */
  organisation: MyOrganisationView | null;
  types: readonly IdName[];
  sectors: readonly IdName[];
  positions: readonly IdName[];
  onSaved: (organisation: MyOrganisationView) => void;
  /** The signed-in user: a new organisation's main contact starts as them. */
  user: ContactPrefill | null;
}

const logoOf = (organisation: MyOrganisationView | null): EditorImage[] =>
  organisation?.logo ? [{ key: `saved:${organisation.logo.url}`, kind: 'saved', ...organisation.logo }] : [];

/**
 * The organisation's profile in four steps (register, and the Profile tab of
 * the edit page): each step validates on Next, the whole form on Register or Save.
 */
export function OrganisationForm({
  organisation,
  types,
  sectors,
  positions,
  onSaved,
  user,
}: Props): ReactElement {
  useSignals();
  const mode: SaveMode = organisation ? 'edit' : 'create';
  const { form, navigation: steps } = useSteppedForm({
    initialValues: organisation ? valuesFromOrganisation(organisation) : newOrganisationValues(user),
    check: (values) =>
      validateOrganisationValues(
        completeOrganisationValues(values),
        mode,
      ) as FormErrors<OrganisationFormValues>,
    steps: ORGANISATION_STEPS,
    initialStep: 'organisation',
    stepOfField,
    fieldPathsOf: (organisationForm) => organisationFieldPaths(readOrganisationValues(organisationForm)),
  });
  const { step } = steps;
  const [logo, setLogo] = useState<EditorImage[]>(() => logoOf(organisation));
  const [logoError, setLogoError] = useState('');
  const [certificate, setCertificate] = useState<File | null>(null);
  const [certificateError, setCertificateError] = useState('');
  const [busy, setBusy] = useState(false);

  const showProblems = (errors: Record<string, string>): void => {
    const values = readOrganisationValues(form);
    const paths = organisationFieldPaths(values);
    for (const [path, message] of Object.entries(errors)) {
      if (path === 'logo') setLogoError(message);
      else if (path === 's18Certificate') setCertificateError(message);
      // biome-ignore lint/suspicious/noExplicitAny: the path was checked against the form's inputs.
      else if (paths.includes(path)) setError(form, path as any, message, { shouldFocus: false });
    }
    steps.openFirstProblem(Object.keys(errors));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (busy) return;
    if (!(await validate(form, { shouldFocus: false }))) {
      const errors = getErrors(form) as Record<string, string | undefined>;
      steps.openFirstProblem(Object.keys(errors).filter((path) => errors[path]));
      return;
    }
    setBusy(true);
    const values = readOrganisationValues(form);
    const chosen = logo.find((image) => image.kind === 'new');
    const result = await saveOrganisation(organisation?.id ?? null, values, {
      logo: chosen?.kind === 'new' ? chosen.file : null,
      s18Certificate: certificate,
    });
    setBusy(false);
    if (!result.ok) {
      showProblems(result.formErrors);
      return;
    }
    setLogo(logoOf(result.organisation));
    setCertificate(null);
    onSaved(result.organisation);
  };

  const submitLabel = busy
    ? mode === 'create'
      ? 'Registering…'
      : 'Saving…'
    : mode === 'create'
      ? 'Register organisation'
      : 'Save changes';

  return (
    <form
      ref={steps.formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Organisation details"
      className="space-y-6"
    >
      <StepList
        label="Organisation steps"
        steps={ORGANISATION_STEPS}
        labels={ORGANISATION_STEP_LABELS}
        step={step}
        onGoTo={steps.goTo}
      />

      <StepHeading navigation={steps} steps={ORGANISATION_STEPS} labels={ORGANISATION_STEP_LABELS} />

      <StepSection name="organisation" current={step} labels={ORGANISATION_STEP_LABELS}>
        <DetailsStep form={form} types={types} sectors={sectors} />
      </StepSection>
      <StepSection name="about" current={step} labels={ORGANISATION_STEP_LABELS}>
        <AboutStep
          form={form}
          logo={logo}
          onLogoChange={(images) => {
            setLogo(images);
            setLogoError('');
          }}
          logoError={logoError}
        />
      </StepSection>
      <StepSection name="contact" current={step} labels={ORGANISATION_STEP_LABELS}>
        <ContactStep form={form} positions={positions} />
      </StepSection>
      <StepSection name="review" current={step} labels={ORGANISATION_STEP_LABELS}>
        {step === 'review' ? (
          <CertificateStep
            form={form}
            types={types}
            sectors={sectors}
            certificate={certificate}
            onCertificateChange={(file) => {
              setCertificate(file);
              setCertificateError('');
            }}
            certificateError={certificateError}
            savedCertificate={organisation?.s18Certificate ?? null}
            hasLogo={logo.length > 0}
            onGoTo={steps.goTo}
          />
        ) : null}
      </StepSection>

      <StepActionBar previous={steps.previous} labels={ORGANISATION_STEP_LABELS} onGoTo={steps.goTo}>
        {steps.next && mode === 'edit' ? (
          <button
            type="submit"
            className="btn-outline disabled:cursor-not-allowed disabled:opacity-60"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {submitLabel}
          </button>
        ) : null}
        {/* Keys keep Next and the submit button apart: a Next click that reaches the last step
            must not find itself turned into the submit button before the browser acts on the click. */}
        {steps.next ? (
          <button key="next" type="button" className="btn-primary" onClick={() => void steps.goNext()}>
            Next: {ORGANISATION_STEP_LABELS[steps.next]}
          </button>
        ) : (
          <button
            key="submit"
            type="submit"
            className="btn-primary col-span-2 disabled:cursor-not-allowed disabled:opacity-60"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {submitLabel}
          </button>
        )}
      </StepActionBar>
    </form>
  );
}
