import { type FormErrors, getValue, setValue, useForm } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactElement, useState } from 'react';
import { CheckboxField } from '~/islands/form/CheckboxField';
import { FormNotice } from '~/islands/form/FormNotice';
import type { Option } from '~/islands/form/fieldParts';
import { SelectField } from '~/islands/form/SelectField';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { TextField } from '~/islands/form/TextField';
import { applyServerErrors, schemaErrors } from '~/islands/form/validation';
import { getAccountTypes, getBanks, type OwnerCampaign } from '~/lib/api/campaigns';
import { formatShortDate } from '~/lib/dates';
import { BankingIdType, BankingRequestStatus, FundingType } from '~/lib/enums';
import {
  bankingDetailsSchema,
  VERIFICATION_LIMITS,
  VERIFICATION_MESSAGES,
} from '~/lib/schemas/campaignVerification';
import { submitCampaignVerification } from './campaignActions';
import { DocumentPicker } from './DocumentPicker';
import { useLookup } from './useLookup';

type BankingValues = {
  accountHolderName: string;
  idType: string;
  idNumber: string;
  statementReference: string;
  bankName: string;
  bankNameAlt: string;
  accountNumber: string;
  bankCode: string;
  swiftCode: string;
  accountType: string;
  isInternational: boolean;
};

const FIELDS: readonly (keyof BankingValues)[] = [
  'accountHolderName',
  'idType',
  'idNumber',
  'statementReference',
  'bankName',
  'bankNameAlt',
  'accountNumber',
  'bankCode',
  'swiftCode',
  'accountType',
  'isInternational',
];

const OTHER_BANK = 'Other/International';

const ID_TYPE_LABELS: Readonly<Record<number, string>> = {
  [BankingIdType.SAIdNumber]: 'South African ID number',
  [BankingIdType.PassportNumber]: 'Passport number',
  [BankingIdType.OrganizationRegistrationNumber]: 'Organisation registration number',
  [BankingIdType.TrustNumber]: 'Trust number',
  [BankingIdType.BlueTick]: 'Bluetick reference',
};

const REQUEST_STATUS_LABELS: Readonly<Record<number, string>> = {
  [BankingRequestStatus.Pending]: 'Waiting for review',
  [BankingRequestStatus.Accepted]: 'Accepted',
  [BankingRequestStatus.Rejected]: 'Rejected: please check your details and submit again',
};

const text = (value: string | null | undefined): string => value ?? '';

function valuesOf(campaign: OwnerCampaign): BankingValues {
  const detail = campaign.bankingDetail;
  return {
    accountHolderName: text(detail?.accountHolderName),
    idType: detail?.idType === null || detail?.idType === undefined ? '' : String(detail.idType),
    idNumber: text(detail?.idNumber),
    statementReference: text(detail?.statementReference),
    bankName: text(detail?.bankName),
    bankNameAlt: text(detail?.bankNameAlt),
    accountNumber: text(detail?.accountNumber),
    bankCode: text(detail?.bankCode),
    swiftCode: text(detail?.swiftCode),
    accountType:
      detail?.accountType === null || detail?.accountType === undefined ? '' : String(detail.accountType),
    isInternational: detail?.isInternational === true,
  };
}

function maskedAccount(number: string | null | undefined): string {
  const digits = text(number);
  return digits.length > 4 ? `•••• ${digits.slice(-4)}` : digits;
}

function Submitted({
  campaign,
  onEdit,
}: {
  campaign: OwnerCampaign;
  /** Null for the team: they see what was submitted but cannot replace it. */
  onEdit: (() => void) | null;
}): ReactElement | null {
  const detail = campaign.bankingDetail;
  if (!detail) return null;
  const status = detail.requestStatus ?? BankingRequestStatus.Pending;
  const row = 'grid gap-1 py-2 sm:grid-cols-[10rem_1fr] sm:gap-4';
  return (
    <div className="space-y-4">
      <FormNotice
        tone={
          status === BankingRequestStatus.Rejected
            ? 'error'
            : status === BankingRequestStatus.Accepted
              ? 'success'
              : 'info'
        }
      >
        Banking details {detail.createdAt ? `submitted on ${formatShortDate(detail.createdAt)}` : 'submitted'}
        : <strong>{REQUEST_STATUS_LABELS[status] ?? 'Waiting for review'}</strong>
      </FormNotice>
      <dl className="divide-y divide-gray-100">
        <div className={row}>
          <dt className="text-sm font-semibold text-ink-muted">Account holder</dt>
          <dd>{detail.accountHolderName}</dd>
        </div>
        <div className={row}>
          <dt className="text-sm font-semibold text-ink-muted">Bank</dt>
          <dd>{detail.bankNameAlt || detail.bankName}</dd>
        </div>
        <div className={row}>
          <dt className="text-sm font-semibold text-ink-muted">Account number</dt>
          <dd>{maskedAccount(detail.accountNumber)}</dd>
        </div>
        <div className={row}>
          <dt className="text-sm font-semibold text-ink-muted">Documents</dt>
          <dd>
            {(campaign.identificationDocumentation?.length ?? 0) +
              (campaign.supportingDocumentation?.length ?? 0)}{' '}
            uploaded
          </dd>
        </div>
      </dl>
      {onEdit ? (
        <button type="button" className="btn-outline" onClick={onEdit}>
          Update banking details
        </button>
      ) : null}
    </div>
  );
}

function BankingForm({
  campaign,
  onDone,
  onCancel,
}: {
  campaign: OwnerCampaign;
  onDone: (campaign: OwnerCampaign) => void;
  onCancel: (() => void) | null;
}): ReactElement {
  useSignals();
  const banks = useLookup('banks', getBanks);
  const accountTypes = useLookup('account-types', getAccountTypes);
  const [identification, setIdentification] = useState<File[]>([]);
  const [supporting, setSupporting] = useState<File[]>([]);
  const [identificationError, setIdentificationError] = useState('');
  const hasIdentification = (campaign.identificationDocumentation?.length ?? 0) > 0;

  const [form, { Form, Field }] = useForm<BankingValues>({
    initialValues: valuesOf(campaign),
    validate: (values) => schemaErrors(bankingDetailsSchema, values, FIELDS) as FormErrors<BankingValues>,
  });

  const bankName = getValue(form, 'bankName') ?? '';
  const international = getValue(form, 'isInternational') === true;

  const idTypes: Option[] = [
    BankingIdType.SAIdNumber,
    BankingIdType.PassportNumber,
    BankingIdType.OrganizationRegistrationNumber,
    BankingIdType.TrustNumber,
    ...(campaign.fundingType === FundingType.Bluetick ? [BankingIdType.BlueTick] : []),
  ].map((id) => ({ value: String(id), label: ID_TYPE_LABELS[id] ?? String(id) }));

  const onBankChange = (name: string): void => {
    const bank = banks.items.find((b) => b.name === name);
    if (bank?.paysoftMapping) setValue(form, 'bankCode', bank.paysoftMapping);
    if (name !== OTHER_BANK) setValue(form, 'bankNameAlt', '');
  };

  const onSubmit = async (values: BankingValues): Promise<void> => {
    if (!hasIdentification && identification.length === 0) {
      setIdentificationError(VERIFICATION_MESSAGES.identificationRequired);
      document.getElementById('verification-identification')?.focus();
      return;
    }
    const result = await submitCampaignVerification(campaign.id, values, { identification, supporting });
    if (result.ok) {
      onDone(result.campaign);
      return;
    }
    applyServerErrors(form, result.fieldErrors, FIELDS, { prefix: 'bankingDetails.' });
    const documentError = result.fieldErrors?.identificationDocumentation?.[0];
    if (documentError) setIdentificationError(documentError);
  };

  return (
    <Form onSubmit={onSubmit} shouldFocus className="space-y-5" aria-label="Verification">
      <p className="text-ink-muted">
        To receive the funds, tell us where to pay them. We check these details and the documents before your
        first payout; only you and our team can see them.
      </p>
      <Field name="accountHolderName">
        {(field, props) => (
          <TextField field={field} props={props} label="Account holder's name" autoComplete="name" required />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field name="idType">
          {(field, props) => (
            <SelectField
              field={field}
              props={props}
              label="ID type"
              required
              placeholder="Choose an ID type"
              options={idTypes}
            />
          )}
        </Field>
        <Field name="idNumber">
          {(field, props) => (
            <TextField field={field} props={props} label="ID number" autoComplete="off" required />
          )}
        </Field>
      </div>
      <Field name="isInternational" type="boolean">
        {(field, props) => (
          <CheckboxField field={field} props={props} label="This is an account outside South Africa" />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field name="bankName">
          {(field, props) => (
            <SelectField
              field={field}
              props={{
                ...props,
                onChange: (event) => {
                  props.onChange(event);
                  onBankChange(event.currentTarget.value);
                },
              }}
              label="Bank"
              required={!international}
              placeholder={banks.loading ? 'Loading banks…' : 'Choose your bank'}
              options={banks.items.map((b) => ({ value: b.name, label: b.name }))}
            />
          )}
        </Field>
        <div hidden={bankName !== OTHER_BANK}>
          <Field name="bankNameAlt">
            {(field, props) => (
              <TextField field={field} props={props} label="Name of the bank" autoComplete="off" />
            )}
          </Field>
        </div>
        <Field name="accountNumber">
          {(field, props) => (
            <TextField
              field={field}
              props={props}
              label={international ? 'Account number or IBAN' : 'Account number'}
              inputMode={international ? 'text' : 'numeric'}
              autoComplete="off"
              required
            />
          )}
        </Field>
        <Field name="accountType">
          {(field, props) => (
            <SelectField
              field={field}
              props={props}
              label="Account type"
              required={!international}
              placeholder={accountTypes.loading ? 'Loading…' : 'Choose an account type'}
              options={accountTypes.items.map((t) => ({ value: String(t.id), label: t.name }))}
            />
          )}
        </Field>
        <Field name="bankCode">
          {(field, props) => (
            <TextField
              field={field}
              props={props}
              label="Branch code"
              inputMode="numeric"
              autoComplete="off"
              hint="Filled in with the bank's universal branch code."
            />
          )}
        </Field>
        <div hidden={!international}>
          <Field name="swiftCode">
            {(field, props) => (
              <TextField field={field} props={props} label="SWIFT code" autoComplete="off" required />
            )}
          </Field>
        </div>
        <Field name="statementReference">
          {(field, props) => (
            <TextField
              field={field}
              props={props}
              label="Statement reference"
              autoComplete="off"
              hint="What your bank statement shows for payouts (up to 20 characters)."
            />
          )}
        </Field>
      </div>
      <DocumentPicker
        id="verification-identification"
        label="Identity document"
        hint={
          hasIdentification
            ? 'Already uploaded; add another only if we asked for it. PDF, JPEG or PNG, up to 10 MB.'
            : 'A copy of the account holder\u2019s ID or passport. PDF, JPEG or PNG, up to 10 MB.'
        }
        files={identification}
        onChange={(files) => {
          setIdentification(files);
          setIdentificationError('');
        }}
        max={VERIFICATION_LIMITS.identification}
        tooMany={VERIFICATION_MESSAGES.tooManyIdentification}
        error={identificationError || undefined}
      />
      <DocumentPicker
        id="verification-supporting"
        label="Supporting documents (optional)"
        hint="A bank letter or statement, quotes or anything that shows what the funds are for."
        files={supporting}
        onChange={setSupporting}
        max={VERIFICATION_LIMITS.supporting}
        tooMany={VERIFICATION_MESSAGES.tooManySupporting}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton form={form} busyLabel="Submitting…" className="btn-primary disabled:opacity-60">
          Submit for verification
        </SubmitButton>
        {onCancel ? (
          <button type="button" className="btn-outline" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * The Verification tab: banking details and documents (PATCH /campaigns/{id}/verification).
 * The campaign pays out to its owner, so only the owner submits them; the rest of
 * the team sees what was submitted, masked, and cannot change it.
 */
export function VerificationForm({
  campaign,
  canSubmit,
  onSubmitted,
}: {
  campaign: OwnerCampaign;
  canSubmit: boolean;
  onSubmitted: (campaign: OwnerCampaign) => void;
}): ReactElement {
  const [editing, setEditing] = useState(!campaign.bankingDetail);
  if (!canSubmit)
    return (
      <div className="space-y-4">
        <FormNotice tone="info">
          Only the campaign owner can submit banking details
          {campaign.bankingDetail ? '.' : ', and none have been submitted yet.'}
        </FormNotice>
        <Submitted campaign={campaign} onEdit={null} />
      </div>
    );
  if (!editing && campaign.bankingDetail)
    return <Submitted campaign={campaign} onEdit={() => setEditing(true)} />;
  return (
    <BankingForm
      campaign={campaign}
      onCancel={campaign.bankingDetail ? () => setEditing(false) : null}
      onDone={(updated) => {
        setEditing(false);
        onSubmitted(updated);
      }}
    />
  );
}
