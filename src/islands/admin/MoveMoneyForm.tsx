import { type FormErrors, getValue, getValues, useForm } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { type KeyboardEvent, type ReactElement, useId, useState } from 'react';
import { ConfirmDangerDialog } from '~/islands/form/ConfirmDangerDialog';
import { inputClass, labelClass, type Option } from '~/islands/form/fieldParts';
import { RadioField } from '~/islands/form/RadioField';
import { schemaErrors } from '~/islands/form/validation';
import type { AdminCampaignHit, AdminOrganisationHit } from '~/lib/api/admin';
import { FundingType } from '~/lib/enums';
import { campaignMoveFormSchema } from '~/lib/schemas/admin';
import {
  findOrganisations,
  type MoveTarget,
  moveFoundCampaign,
  moveTargetText,
  payeeOfHit,
} from '~/stores/admin';
import { AdminTextField } from './AdminTextField';

type MoveValues = {
  destination: 'organisation' | 'owner' | '';
  organisationId: string;
  fundingType: '0' | '1';
  reason: string;
};

const FIELDS = ['destination', 'organisationId', 'fundingType', 'reason'] as const;

interface Props {
  hit: AdminCampaignHit;
  onDone: () => void;
}

/** The organisations found by name, as choices: the one it raises for now is left out. */
function organisationChoices(found: AdminOrganisationHit[], current: string | null): Option[] {
  return found
    .filter((o) => o.id !== current)
    .map((o) => ({
      value: o.id,
      label: o.legalName,
      description: `${o.isVerified ? 'Verified' : 'Not verified yet'} · /organization/${o.url}`,
    }));
}

/**
 * Staff move the money of a campaign whose organisation and funding type are locked (counted
 * donations, a payout): to another organisation found by name, or to the campaign's owner
 * (Standard or Bluetick), with a reason kept in the audit log, confirmed first.
 */
export function MoveMoneyForm({ hit, onDone }: Props): ReactElement {
  useSignals();
  const id = useId();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<AdminOrganisationHit[] | null>(null);
  const [finding, setFinding] = useState(false);
  const [pending, setPending] = useState<MoveTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const [form, { Form, Field }] = useForm<MoveValues>({
    initialValues: {
      destination: 'organisation',
      organisationId: '',
      fundingType: hit.fundingType === FundingType.Bluetick ? '1' : '0',
      reason: '',
    },
    validate: (values) => schemaErrors(campaignMoveFormSchema, values, FIELDS) as FormErrors<MoveValues>,
  });
  const destination = getValue(form, 'destination');

  const find = async (): Promise<void> => {
    setFinding(true);
    const organisations = await findOrganisations(query);
    setFinding(false);
    if (organisations) setFound(organisations);
  };

  const findOnEnter = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void find();
  };

  const ask = (values: MoveValues): void => {
    if (values.destination === 'owner') {
      setPending({ organisation: null, fundingType: Number(values.fundingType) as FundingType });
      return;
    }
    const organisation = found?.find((o) => o.id === values.organisationId);
    if (organisation)
      setPending({ organisation: { id: organisation.id, legalName: organisation.legalName } });
  };

  const move = async (): Promise<void> => {
    if (!pending) return;
    setBusy(true);
    const done = await moveFoundCampaign(hit.id, pending, (getValues(form).reason ?? '').trim());
    setBusy(false);
    setPending(null);
    if (done) onDone();
  };

  const choices = found ? organisationChoices(found, hit.organisation?.id ?? null) : [];

  return (
    <Form onSubmit={ask} aria-label={`Move the money of ${hit.name}`} className="mt-3 space-y-4">
      <p className="rounded-md bg-gray-50 p-3 text-sm">
        <span className="font-semibold">Now:</span> {payeeOfHit(hit)}
      </p>
      <Field name="destination">
        {(field, props) => (
          <RadioField
            field={field}
            props={props}
            legend="Move the money to"
            layout="cards"
            options={[
              {
                value: 'organisation',
                label: 'An organisation',
                description: 'Paid out to its verified account',
              },
              { value: 'owner', label: 'The owner', description: `Paid out to ${hit.ownerName}` },
            ]}
          />
        )}
      </Field>
      {destination === 'owner' ? (
        <Field name="fundingType">
          {(field, props) => (
            <RadioField
              field={field}
              props={props}
              legend="Funding type"
              options={[
                { value: '0', label: 'Standard' },
                { value: '1', label: 'Bluetick' },
              ]}
            />
          )}
        </Field>
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1">
              <label htmlFor={`${id}-org`} className={labelClass}>
                Organisation name
              </label>
              <input
                id={`${id}-org`}
                type="search"
                className={inputClass}
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                onKeyDown={findOnEnter}
              />
            </div>
            <button type="button" className="btn-outline" disabled={finding} onClick={() => void find()}>
              {finding ? 'Finding…' : 'Find'}
            </button>
          </div>
          <Field name="organisationId">
            {(field, props) => (
              <RadioField
                field={field}
                props={props}
                legend="Organisation"
                layout="cards"
                options={choices}
                hint={
                  !found
                    ? 'Find it by name above.'
                    : choices.length === 0
                      ? 'No other organisation matches.'
                      : undefined
                }
              />
            )}
          </Field>
        </div>
      )}
      <AdminTextField form={form} name="reason" hint="Kept in the audit log." />
      {pending ? (
        <ConfirmDangerDialog
          question={`Move the money of “${hit.name}” to ${moveTargetText(pending, hit.ownerName)}?`}
          confirmLabel="Yes, move it"
          busyLabel="Moving…"
          cancelLabel="Go back"
          busy={busy}
          onConfirm={() => void move()}
          onCancel={() => setPending(null)}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800">
            Move money
          </button>
          <button type="button" className="btn-outline" onClick={onDone}>
            Cancel
          </button>
        </div>
      )}
    </Form>
  );
}
