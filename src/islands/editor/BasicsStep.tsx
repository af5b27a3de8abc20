import { Field, getValue, setValue } from '@modular-forms/react';
import { useSignalEffect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactElement, useRef } from 'react';
import { AddressFields } from '~/islands/form/AddressFields';
import { AmountField } from '~/islands/form/AmountField';
import type { Option } from '~/islands/form/fieldParts';
import { RadioField } from '~/islands/form/RadioField';
import { lookupOptions, SelectField } from '~/islands/form/SelectField';
import { TextField } from '~/islands/form/TextField';
import type { CategoryLookup } from '~/lib/api/campaigns';
import { payoutRecipientText } from '~/lib/campaignPayee';
import { BarometerDisplay, CampaignCategory, Currency } from '~/lib/enums';
import { CAMPAIGN_LIMITS } from '~/lib/schemas/campaign';
import type { OrganisationSummary } from '~/stores/myOrganisation';
import type { CampaignFormStore } from './campaignFormStore';

interface Props {
  form: CampaignFormStore;
  categories: readonly CategoryLookup[];
  /** The organisations the owner belongs to (any role may raise for one); the campaign's own for the rest of the team. */
  organisations: readonly OrganisationSummary[];
  /** Not the owner: a campaign raised for an organisation stays so (only the owner may change it). */
  organisationLocked?: boolean;
  /** Donations are counted or a payout asked for: the organisation and funding type no longer change. */
  fundingLocked?: boolean;
}

export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { '1': 'R', '2': 'US $' };

const CURRENCY_OPTIONS: readonly Option[] = [
  { value: String(Currency.Rand), label: 'Rand (R)' },
  { value: String(Currency.Dollar), label: 'US dollar (US $)' },
];

function fundingOptions(offerOrganisation: boolean): Option[] {
  return [
    {
      value: 'independent',
      label: 'Independent',
      description: 'For yourself, your family or someone you know. Funds are paid out to you.',
    },
    {
      value: 'bluetick',
      label: 'Bluetick',
      description: 'Funds are paid against invoices you upload, so donors see exactly where the money goes.',
    },
    ...(offerOrganisation
      ? [
          {
            value: 'organisation',
            label: 'For an organisation',
            description: 'Raised for an organisation you belong to, paid out to its verified account.',
          },
        ]
      : []),
  ];
}

/** Step 1: name, category, target and currency, dates, funding type, place and web address. */
export function BasicsStep({
  form,
  categories,
  organisations,
  organisationLocked = false,
  fundingLocked = false,
}: Props): ReactElement {
  useSignals();
  const categoryId = getValue(form, 'campaignCategory') ?? '';
  const currency = getValue(form, 'currency') ?? String(Currency.Rand);
  const fundingChoice = getValue(form, 'fundingChoice');
  const startDate = getValue(form, 'startDate') ?? '';
  const category = categories.find((c) => String(c.id) === categoryId);
  const subCategories = category?.subCategories ?? [];
  const chosenId = getValue(form, 'organisation') ?? '';
  const chosen =
    fundingChoice === 'organisation' ? (organisations.find((o) => o.id === chosenId) ?? null) : null;
  // Offered to members of an organisation, and kept on a campaign already raised for one.
  const offerOrganisation =
    !organisationLocked && (organisations.length > 0 || fundingChoice === 'organisation');
  const readOnlyFunding = fundingLocked || (organisationLocked && fundingChoice === 'organisation');
  const fundingText =
    fundingChoice === 'organisation'
      ? `Raised for ${chosen?.legalName ?? 'an organisation'}.`
      : fundingChoice === 'bluetick'
        ? 'Bluetick: paid against the invoices you upload.'
        : 'Independent.';

  // A sub-category belongs to one category: choosing another category clears it.
  useSignalEffect(() => {
    const chosenCategory = getValue(form, 'campaignCategory') ?? '';
    const sub = getValue(form, 'campaignSubCategory', { shouldActive: false }) ?? '';
    if (sub === '' || categories.length === 0) return;
    const subs = categories.find((c) => String(c.id) === chosenCategory)?.subCategories ?? [];
    if (!subs.some((s) => String(s.id) === sub)) setValue(form, 'campaignSubCategory', '');
  });

  // The barometer shows amounts in the campaign's currency by default (docs/api/campaigns.md):
  // switching currency moves a barometer still on the other currency's amount along.
  const shownCurrency = useRef(currency);
  useSignalEffect(() => {
    const chosen = getValue(form, 'currency') ?? String(Currency.Rand);
    if (chosen === shownCurrency.current) return;
    shownCurrency.current = chosen;
    const barometer = getValue(form, 'settings.showBarometer', { shouldActive: false });
    const amountIn = {
      [String(Currency.Rand)]: String(BarometerDisplay.ShowAmountRand),
      [String(Currency.Dollar)]: String(BarometerDisplay.ShowAmountDollar),
    };
    if (barometer && Object.values(amountIn).includes(barometer) && amountIn[chosen]) {
      setValue(form, 'settings.showBarometer', amountIn[chosen] as string);
    }
  });

  const categoryOptions = lookupOptions(categories.filter((c) => c.id !== CampaignCategory.Uncategorised));

  return (
    <div className="space-y-5">
      <Field of={form} name="name">
        {(field, props) => (
          <TextField
            field={field}
            props={props}
            label="Campaign name"
            required
            hint={`A short, clear title donors will recognise (${CAMPAIGN_LIMITS.nameMin} to ${CAMPAIGN_LIMITS.nameMax} characters).`}
          />
        )}
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field of={form} name="campaignCategory">
          {(field, props) => (
            <SelectField
              field={field}
              props={props}
              label="Category"
              required
              placeholder={categories.length === 0 ? 'Loading categories…' : 'Choose a category'}
              options={categoryOptions}
            />
          )}
        </Field>
        <Field of={form} name="campaignSubCategory">
          {(field, props) => (
            <SelectField
              field={field}
              props={props}
              label="Sub-category"
              placeholder={subCategories.length === 0 ? 'No sub-categories' : 'Choose a sub-category'}
              options={lookupOptions(subCategories)}
              disabled={subCategories.length === 0}
            />
          )}
        </Field>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field of={form} name="currency">
          {(field, props) => (
            <RadioField field={field} props={props} legend="Currency" options={CURRENCY_OPTIONS} />
          )}
        </Field>
        <Field of={form} name="donationTarget">
          {(field, props) => (
            <AmountField
              field={field}
              props={props}
              label="Donation target"
              symbol={CURRENCY_SYMBOLS[currency] ?? 'R'}
              required
              hint="How much you hope to raise, e.g. 25 000."
            />
          )}
        </Field>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field of={form} name="startDate">
          {(field, props) => (
            <TextField
              field={field}
              props={props}
              label="Start date"
              type="date"
              hint="Leave empty to start on launch."
            />
          )}
        </Field>
        <Field of={form} name="endDate">
          {(field, props) => (
            <TextField
              field={field}
              props={props}
              label="End date"
              type="date"
              hint={
                startDate
                  ? 'After the start date; leave empty to keep it open.'
                  : 'Leave empty to keep it open.'
              }
            />
          )}
        </Field>
      </div>

      {readOnlyFunding ? (
        <div>
          <p className="text-sm font-semibold text-ink">Funding type</p>
          <p className="text-ink">{fundingText}</p>
          <p className="text-sm text-ink">
            {payoutRecipientText({ organisation: chosen, ownerName: null })}.
          </p>
          <p className="text-xs text-ink-muted">
            {fundingLocked
              ? 'This campaign has received donations or a payout, so where its money goes can no longer change. Contact us if it must move.'
              : 'Only the campaign owner can change the organisation.'}
          </p>
        </div>
      ) : null}

      {/* Kept in the form when read-only, so a save sends the organisation back unchanged. */}
      <div hidden={readOnlyFunding}>
        <Field of={form} name="fundingChoice">
          {(field, props) => (
            <RadioField
              field={field}
              props={props}
              legend="Funding type"
              layout="cards"
              options={fundingOptions(offerOrganisation)}
            />
          )}
        </Field>
      </div>

      <div hidden={readOnlyFunding || fundingChoice !== 'organisation'}>
        <Field of={form} name="organisation">
          {(field, props) => (
            <SelectField
              field={field}
              props={props}
              label="Organisation"
              required
              placeholder="Choose the organisation"
              hint={chosen ? `${payoutRecipientText({ organisation: chosen })}.` : undefined}
              options={organisations.map((o) => ({ value: o.id, label: o.legalName }))}
            />
          )}
        </Field>
      </div>

      <AddressFields of={form} legend="Where is the campaign?" optional kind="place" />

      <Field of={form} name="url">
        {(field, props) => (
          <TextField
            field={field}
            props={props}
            label="Web address"
            autoComplete="off"
            hint="Your campaign's page will be /campaign/your-address. Lower-case letters, digits and hyphens; leave empty to make one from the name."
          />
        )}
      </Field>
    </div>
  );
}
