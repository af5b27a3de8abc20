import { Field, type FormErrors, type FormStore, getValue, setValue, useForm } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactElement, useState } from 'react';
import { CheckboxField } from '~/islands/form/CheckboxField';
import { FormActions } from '~/islands/form/FormActions';
import { FormNotice } from '~/islands/form/FormNotice';
import type { Option } from '~/islands/form/fieldParts';
import { lookupOptions, SelectField } from '~/islands/form/SelectField';
import { TextField } from '~/islands/form/TextField';
import { applyServerErrors, schemaErrors } from '~/islands/form/validation';
import { getAccountTypes, getBanks, type OwnerCampaign } from '~/lib/api/campaigns';
import { bankDisplayName } from '~/lib/banks';
import type { BankingDetail } from '~/lib/contracts/campaigns';
import type { BankLookup } from '~/lib/contracts/lookups';
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

/** The banking inputs (text, as the inputs hold them); other verification forms add their own fields. */
export type BankingValues = {
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

export const BANKING_FIELDS: readonly (keyof BankingValues)[] = [
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

export const REQUEST_STATUS_LABELS: Readonly<Record<number, string>> = {
  [BankingRequestStatus.Pending]: 'Waiting for review',
  [BankingRequestStatus.Accepted]: 'Accepted',
  [BankingRequestStatus.Rejected]: 'Rejected: please check your details and submit again',
};

const text = (value: string | null | undefined): string => value ?? '';

/** The banking inputs filled from submitted details (none: empty); `omit` leaves fields empty (a masked number). */
export function bankingValuesOf(
  detail: Partial<BankingDetail> | null | undefined,
  omit: readonly (keyof BankingValues)[] = [],
): BankingValues {
  const values: BankingValues = {
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
  for (const key of omit) if (key !== 'isInternational') values[key] = '';
  return values;
}

function maskedAccount(number: string | null | undefined): string {
  const digits = text(number);
  return digits.length > 4 ? `•••• ${digits.slice(-4)}` : digits;
}

interface SummaryProps {
  detail: Pick<
    BankingDetail,
    'accountHolderName' | 'bankName' | 'bankNameAlt' | 'accountNumber' | 'createdAt'
  >;
  /** 0 Pending, 1 Accepted, 2 Rejected. */
  status: number;
  documentCount: number;
  /** Null for those who see what was submitted but cannot replace it. */
  onEdit: (() => void) | null;
  statusLabels?: Readonly<Record<number, string>>;
}

/** Submitted banking details, masked, with their review status. */
export function BankingSummary({
  detail,
  status,
  documentCount,
  onEdit,
  statusLabels = REQUEST_STATUS_LABELS,
}: SummaryProps): ReactElement {
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
        : <strong>{statusLabels[status] ?? statusLabels[BankingRequestStatus.Pending]}</strong>
      </FormNotice>
      <dl className="divide-y divide-gray-100">
        <div className={row}>
          <dt className="text-sm font-semibold text-ink-muted">Account holder</dt>
          <dd>{detail.accountHolderName}</dd>
        </div>
        <div className={row}>
          <dt className="text-sm font-semibold text-ink-muted">Bank</dt>
          <dd>{bankDisplayName(detail.bankNameAlt || detail.bankName || '')}</dd>
        </div>
        <div className={row}>
          <dt className="text-sm font-semibold text-ink-muted">Account number</dt>
          <dd>{maskedAccount(detail.accountNumber)}</dd>
        </div>
        <div className={row}>
          <dt className="text-sm font-semibold text-ink-muted">Documents</dt>
          <dd>{documentCount} uploaded</dd>
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
  return (
    <BankingSummary
      detail={detail}
      status={detail.requestStatus ?? BankingRequestStatus.Pending}
      documentCount={
        (campaign.identificationDocumentation?.length ?? 0) + (campaign.supportingDocumentation?.length ?? 0)
      }
      onEdit={onEdit}
    />
  );
}

/** Which ID types an account holder may give; a Bluetick campaign adds its own reference. */
export function bankingIdTypes(withBluetick: boolean): Option[] {
  return [
    BankingIdType.SAIdNumber,
    BankingIdType.PassportNumber,
    BankingIdType.OrganizationRegistrationNumber,
    BankingIdType.TrustNumber,
    ...(withBluetick ? [BankingIdType.BlueTick] : []),
  ].map((id) => ({ value: String(id), label: ID_TYPE_LABELS[id] ?? String(id) }));
}

/**
 * The banks a new account may name: those that exist, plus the one on file if it is a former bank,
 * labelled "(former bank)".
 */
export const bankOptions = (banks: readonly BankLookup[], saved: string): Option[] =>
  banks
    .filter((bank) => !bank.former || bank.name === saved)
    .map((bank) => ({ value: bank.name, label: bank.former ? bankDisplayName(bank.name) : bank.name }));

/**
 * The banking inputs, inside the caller's form (a campaign's or an organisation's
 * verification): choosing a bank fills in its universal branch code.
 */
export function BankingFields({
  form,
  idTypes,
}: {
  /** A form whose values include BankingValues, by those names. */
  // biome-ignore lint/suspicious/noExplicitAny: modular-forms cannot type "any form with the banking fields".
  form: FormStore<any, undefined>;
  idTypes: readonly Option[];
}): ReactElement {
  useSignals();
  const banks = useLookup('banks', getBanks);
  const accountTypes = useLookup('account-types', getAccountTypes);
  const bankName = getValue(form, 'bankName') ?? '';
  // The bank on file when the form opened: offered even if it no longer exists, so unchanged details stay valid.
  const [savedBank] = useState(bankName);
  const international = getValue(form, 'isInternational') === true;

  const onBankChange = (name: string): void => {
    const bank = banks.items.find((b) => b.name === name);
    if (bank?.paysoftMapping) setValue(form, 'bankCode', bank.paysoftMapping);
    if (name !== OTHER_BANK) setValue(form, 'bankNameAlt', '');
  };

  return (
    <>
      <Field of={form} name="accountHolderName">
        {(field, props) => (
          <TextField field={field} props={props} label="Account holder's name" autoComplete="name" required />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field of={form} name="idType">
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
        <Field of={form} name="idNumber">
          {(field, props) => (
            <TextField field={field} props={props} label="ID number" autoComplete="off" required />
          )}
        </Field>
      </div>
      <Field of={form} name="isInternational" type="boolean">
        {(field, props) => (
          <CheckboxField field={field} props={props} label="This is an account outside South Africa" />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field of={form} name="bankName">
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
              options={bankOptions(banks.items, savedBank)}
            />
          )}
        </Field>
        <div hidden={bankName !== OTHER_BANK}>
          <Field of={form} name="bankNameAlt">
            {(field, props) => (
              <TextField field={field} props={props} label="Name of the bank" autoComplete="off" />
            )}
          </Field>
        </div>
        <Field of={form} name="accountNumber">
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
        <Field of={form} name="accountType">
          {(field, props) => (
            <SelectField
              field={field}
              props={props}
              label="Account type"
              required={!international}
              placeholder={accountTypes.loading ? 'Loading…' : 'Choose an account type'}
              options={lookupOptions(accountTypes.items)}
            />
          )}
        </Field>
        <Field of={form} name="bankCode">
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
          <Field of={form} name="swiftCode">
            {(field, props) => (
              <TextField field={field} props={props} label="SWIFT code" autoComplete="off" required />
            )}
          </Field>
        </div>
        <Field of={form} name="statementReference">
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
    </>
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
  const [identification, setIdentification] = useState<File[]>([]);
  const [supporting, setSupporting] = useState<File[]>([]);
  const [identificationError, setIdentificationError] = useState('');
  const hasIdentification = (campaign.identificationDocumentation?.length ?? 0) > 0;

  const [form, { Form }] = useForm<BankingValues>({
    initialValues: bankingValuesOf(campaign.bankingDetail),
    validate: (values) =>
      schemaErrors(bankingDetailsSchema, values, BANKING_FIELDS) as FormErrors<BankingValues>,
  });

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
    applyServerErrors(form, result.fieldErrors, BANKING_FIELDS, { prefix: 'bankingDetails.' });
    const documentError = result.fieldErrors?.identificationDocumentation?.[0];
    if (documentError) setIdentificationError(documentError);
  };

  return (
    <Form onSubmit={onSubmit} shouldFocus className="space-y-5" aria-label="Verification">
      <p className="text-ink-muted">
        To receive the funds, tell us where to pay them. We check these details and the documents before your
        first payout; only you and our team can see them.
      </p>
      <BankingFields form={form} idTypes={bankingIdTypes(campaign.fundingType === FundingType.Bluetick)} />
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
        label="Supporting documents"
        required={false}
        hint="A bank letter or statement, quotes or anything that shows what the funds are for."
        files={supporting}
        onChange={setSupporting}
        max={VERIFICATION_LIMITS.supporting}
        tooMany={VERIFICATION_MESSAGES.tooManySupporting}
      />
      <FormActions form={form} busyLabel="Submitting…" onCancel={onCancel}>
        Submit for verification
      </FormActions>
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
