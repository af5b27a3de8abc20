import { type FormErrors, useForm } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactElement, useState } from 'react';
import { DocumentPicker } from '~/islands/editor/DocumentPicker';
import {
  BANKING_FIELDS,
  BankingFields,
  BankingSummary,
  type BankingValues,
  bankingIdTypes,
  bankingValuesOf,
} from '~/islands/editor/VerificationForm';
import { FormActions } from '~/islands/form/FormActions';
import { FormNotice } from '~/islands/form/FormNotice';
import { RadioField } from '~/islands/form/RadioField';
import { TextAreaField } from '~/islands/form/TextAreaField';
import { applyServerErrors, schemaErrors } from '~/islands/form/validation';
import { TitledSection } from '~/islands/shared/TitledSection';
import type { MyOrganisationView } from '~/lib/api/organisations';
import { OrgUserRole } from '~/lib/enums';
import { bankingDetailsSchema } from '~/lib/schemas/campaignVerification';
import {
  ORGANISATION_VERIFICATION_LIMITS,
  ORGANISATION_VERIFICATION_MESSAGES,
  verificationAnswersSchema,
} from '~/lib/schemas/organisationVerification';
import { submitVerification } from './organisationActions';
import {
  ANSWER_FIELDS,
  answersFromValues,
  answerValuesOf,
  bankingRequestStatusOf,
  ORGANISATION_REQUEST_STATUS_LABELS,
  type VerificationAnswerValues,
} from './verificationValues';

type VerificationValues = VerificationAnswerValues & BankingValues;

/** Each part of the form: its questions, its documents, its banking details. */
const PART = {
  heading: 'h3',
  className: 'space-y-5',
  titleClassName: 'text-lg font-semibold text-ink',
} as const;

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
] as const;

const QUESTIONS: readonly {
  name: 'hasFulltimeStaff' | 'hasCrowdfundedBefore' | 'hasUsedEventsBefore' | 'recievesSupport';
  legend: string;
}[] = [
  { name: 'hasFulltimeStaff', legend: 'Does your organisation have full-time staff?' },
  { name: 'hasCrowdfundedBefore', legend: 'Have you raised funds through crowdfunding before?' },
  { name: 'hasUsedEventsBefore', legend: 'Have you raised funds with events before?' },
  {
    name: 'recievesSupport',
    legend: 'Does your organisation receive support from others (grants, sponsors)?',
  },
];

const TEXTS: readonly {
  name:
    | 'recievedSupportDetails'
    | 'helpRequired'
    | 'regularNumberOfDonors'
    | 'crowdFundingLinks'
    | 'supportPartners';
  label: string;
  max: number;
}[] = [
  {
    name: 'recievedSupportDetails',
    label: 'Who supports you, and how?',
    max: ORGANISATION_VERIFICATION_LIMITS.answer,
  },
  {
    name: 'helpRequired',
    label: 'What help would you like from us?',
    max: ORGANISATION_VERIFICATION_LIMITS.answer,
  },
  {
    name: 'regularNumberOfDonors',
    label: 'How many regular donors do you have?',
    max: ORGANISATION_VERIFICATION_LIMITS.regularNumberOfDonors,
  },
  {
    name: 'crowdFundingLinks',
    label: 'Links to your earlier crowdfunding campaigns',
    max: ORGANISATION_VERIFICATION_LIMITS.answer,
  },
  {
    name: 'supportPartners',
    label: 'Your partners and sponsors',
    max: ORGANISATION_VERIFICATION_LIMITS.answer,
  },
];

function VerificationFormBody({
  organisation,
  onDone,
  onCancel,
}: {
  organisation: MyOrganisationView;
  onDone: (organisation: MyOrganisationView) => void;
  onCancel: (() => void) | null;
}): ReactElement {
  useSignals();
  const hasLegalDocument = organisation.verification?.legalDocument != null;
  const [legalDocument, setLegalDocument] = useState<File | null>(null);
  const [supportDocuments, setSupportDocuments] = useState<File[]>([]);
  const [legalError, setLegalError] = useState('');
  const [supportError, setSupportError] = useState('');

  const [form, { Form, Field }] = useForm<VerificationValues>({
    initialValues: {
      ...answerValuesOf(organisation.verification),
      // The stored account number comes back masked, and the id number not at all: both are typed again.
      ...bankingValuesOf(organisation.bankingDetail, ['accountNumber', 'idNumber']),
    },
    validate: (values) =>
      ({
        ...schemaErrors(verificationAnswersSchema, answersFromValues(values), ANSWER_FIELDS),
        ...schemaErrors(bankingDetailsSchema, values, BANKING_FIELDS),
      }) as FormErrors<VerificationValues>,
  });

  const onSubmit = async (values: VerificationValues): Promise<void> => {
    if (!hasLegalDocument && !legalDocument) {
      setLegalError(ORGANISATION_VERIFICATION_MESSAGES.legalDocumentRequired);
      document.getElementById('verification-legal-document')?.focus();
      return;
    }
    const banking = Object.fromEntries(BANKING_FIELDS.map((name) => [name, values[name]]));
    const result = await submitVerification(organisation.id, answersFromValues(values), banking, {
      legalDocument,
      supportDocuments,
    });
    if (result.ok) {
      onDone(result.organisation);
      return;
    }
    const shown = applyServerErrors(form, result.fieldErrors, ANSWER_FIELDS, { prefix: 'verification.' });
    applyServerErrors(form, result.fieldErrors, BANKING_FIELDS, {
      prefix: 'bankingDetails.',
      shouldFocus: !shown,
    });
    const legal = result.fieldErrors?.legalDocument?.[0];
    if (legal) setLegalError(legal);
    const support = result.fieldErrors?.supportDocuments?.[0];
    if (support) setSupportError(support);
  };

  return (
    <Form onSubmit={onSubmit} shouldFocus className="space-y-8" aria-label="Organisation verification">
      <p className="text-ink-muted">
        Tell us about your organisation and where to pay its funds. Our team checks the answers, the documents
        and the banking details; only your organisation's owners and our team can see them.
      </p>

      <TitledSection id="verification-questions" title="About your organisation" {...PART}>
        <div className="grid gap-5 sm:grid-cols-2">
          {QUESTIONS.map((question) => (
            <Field key={question.name} name={question.name}>
              {(field, props) => (
                <RadioField field={field} props={props} legend={question.legend} options={YES_NO} />
              )}
            </Field>
          ))}
        </div>
        {TEXTS.map((text) => (
          <Field key={text.name} name={text.name}>
            {(field, props) => (
              <TextAreaField field={field} props={props} label={text.label} maxLength={text.max} rows={3} />
            )}
          </Field>
        ))}
      </TitledSection>

      <TitledSection id="verification-documents" title="Documents" {...PART}>
        <DocumentPicker
          id="verification-legal-document"
          label="Legal document"
          required={!hasLegalDocument}
          hint={
            hasLegalDocument
              ? `On file: ${organisation.verification?.legalDocument?.fileName ?? 'uploaded'}. Upload another only to replace it.`
              : 'Your registration certificate (NPO, PBO, trust deed or company registration). PDF, JPEG or PNG, up to 10 MB.'
          }
          files={legalDocument ? [legalDocument] : []}
          onChange={(files) => {
            setLegalDocument(files[0] ?? null);
            setLegalError('');
          }}
          max={1}
          tooMany={ORGANISATION_VERIFICATION_MESSAGES.oneLegalDocument}
          error={legalError || undefined}
        />
        <DocumentPicker
          id="verification-support-documents"
          label="Supporting documents"
          required={false}
          hint="Annual reports, financial statements or letters from partners."
          files={supportDocuments}
          onChange={(files) => {
            setSupportDocuments(files);
            setSupportError('');
          }}
          max={ORGANISATION_VERIFICATION_LIMITS.supportDocuments}
          tooMany={ORGANISATION_VERIFICATION_MESSAGES.tooManySupportDocuments}
          error={supportError || undefined}
        />
      </TitledSection>

      <TitledSection id="verification-banking" title="Banking details" {...PART}>
        {organisation.bankingDetail ? (
          <p className="text-sm text-ink-muted">
            For your safety the account and ID numbers are not shown again: please type them in.
          </p>
        ) : null}
        <BankingFields form={form} idTypes={bankingIdTypes(false)} />
      </TitledSection>

      <FormActions form={form} busyLabel="Submitting…" onCancel={onCancel}>
        Submit for verification
      </FormActions>
    </Form>
  );
}

/**
 * The Verification tab (PATCH /organizations/{id}/verification): the
 * questionnaire, documents and banking details. Only Owners submit them; the
 * rest of the team sees where things stand and why they cannot change it.
 */
export function OrganisationVerificationForm({
  organisation,
  onSubmitted,
}: {
  organisation: MyOrganisationView;
  onSubmitted: (organisation: MyOrganisationView) => void;
}): ReactElement {
  const detail = organisation.bankingDetail;
  const [editing, setEditing] = useState(!detail);
  const isOwner = organisation.userRole === OrgUserRole.Owner;
  const status = (
    <FormNotice tone={organisation.isVerified ? 'success' : 'info'}>
      {organisation.isVerified
        ? 'Your organisation is verified.'
        : organisation.verification
          ? 'Verification submitted: our team is reviewing it.'
          : 'Your organisation is not verified yet.'}
    </FormNotice>
  );
  const summary = detail ? (
    <BankingSummary
      detail={detail}
      status={bankingRequestStatusOf(detail)}
      statusLabels={ORGANISATION_REQUEST_STATUS_LABELS}
      documentCount={
        (organisation.verification?.legalDocument ? 1 : 0) +
        (organisation.verification?.supportDocuments.length ?? 0)
      }
      onEdit={isOwner ? () => setEditing(true) : null}
    />
  ) : null;

  if (!isOwner)
    return (
      <div className="space-y-4">
        {status}
        <FormNotice tone="info">
          Only the organisation's owners can submit verification and banking details
          {detail ? '.' : ', and none have been submitted yet.'}
        </FormNotice>
        {summary}
      </div>
    );
  return (
    <div className="space-y-6">
      {status}
      {editing || !detail ? (
        <VerificationFormBody
          organisation={organisation}
          onCancel={detail ? () => setEditing(false) : null}
          onDone={(updated) => {
            setEditing(false);
            onSubmitted(updated);
          }}
        />
      ) : (
        summary
      )}
    </div>
  );
}
