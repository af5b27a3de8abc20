import { Field, getValue } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { AmountField } from '~/islands/form/AmountField';
import { CheckboxField } from '~/islands/form/CheckboxField';
import type { Option } from '~/islands/form/fieldParts';
import { RadioField } from '~/islands/form/RadioField';
import { lookupOptions, SelectField } from '~/islands/form/SelectField';
import { TextAreaField } from '~/islands/form/TextAreaField';
import type { EventLookup, OwnerCampaign } from '~/lib/api/campaigns';
import { BarometerDisplay, Visibility } from '~/lib/enums';
import { CAMPAIGN_LIMITS } from '~/lib/schemas/campaign';
import { CURRENCY_SYMBOLS } from './BasicsStep';
import type { CampaignFormStore } from './campaignFormStore';

/** docs/api/campaigns.md notificationFrequency. */
export const NOTIFICATION_OPTIONS: readonly Option[] = [
  { value: '1', label: 'Every donation' },
  { value: '2', label: 'A daily summary' },
  { value: '3', label: 'A weekly summary' },
  { value: '0', label: 'Never' },
];

export const VISIBILITY_OPTIONS: readonly Option[] = [
  {
    value: String(Visibility.Public),
    label: 'Public',
    description: 'Listed in search and on the home page once launched.',
  },
  {
    value: String(Visibility.Private),
    label: 'Private',
    description: 'Only people you share the link with can find it.',
  },
];

export const BAROMETER_OPTIONS: readonly Option[] = [
  { value: String(BarometerDisplay.ShowAmountRand), label: 'Show the amount raised in rand' },
  { value: String(BarometerDisplay.ShowAmountDollar), label: 'Show the amount raised in US dollars' },
  { value: String(BarometerDisplay.ShowDonors), label: 'Show the number of donors' },
  { value: String(BarometerDisplay.Hide), label: 'Hide the barometer' },
];

interface Props {
  form: CampaignFormStore;
  events: readonly EventLookup[];
  /** The saved campaign's payment methods; null before its first save (the defaults apply). */
  gateways: OwnerCampaign['campaignSetting']['showGateways'] | null;
}

/** The payment methods a campaign's donors see, as its owner reads them (SPEC §3 showGateways). */
function PaymentMethodsOn({ gateways }: { gateways: Props['gateways'] }): ReactElement {
  const g = gateways ?? { paysoft: false, payPal: true, payfast: true, ozow: true, snapscan: true };
  const on = (value: boolean) => (value ? 'On' : 'Off');
  const rows: [string, string][] = [
    ['Card (PayFast and iVeri)', on(g.payfast)],
    ['Instant EFT (Ozow)', on(g.ozow)],
    ['SnapScan', on(g.snapscan)],
    ['Bank transfer (EFT)', 'On'],
    ['PayPal (dollar gifts)', on(g.payPal)],
    ['Monthly debit orders (Paysoft)', on(g.paysoft)],
  ];
  return (
    <section aria-labelledby="payment-methods-title" data-testid="payment-methods">
      <h3 id="payment-methods-title" className="text-sm font-semibold text-ink">
        Payment methods
      </h3>
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 text-sm">
        {rows.map(([name, state]) => (
          <div key={name} className="contents">
            <dt>{name}</dt>
            <dd className={state === 'On' ? 'font-semibold text-ink' : 'text-ink-muted'}>{state}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 text-xs text-ink-muted">
        Debit orders and SnapScan are switched on or off by Letsema&apos;s team: write to us to change them.
      </p>
    </section>
  );
}

/** Step 4: thank-you message, notifications, visibility, event, recurring giving, barometer, tax benefit. */
export function SettingsStep({ form, events, gateways }: Props): ReactElement {
  useSignals();
  const currency = getValue(form, 'currency') ?? '1';
  return (
    <div className="space-y-6">
      <Field of={form} name="thankYouMessage">
        {(field, props) => (
          <TextAreaField
            field={field}
            props={props}
            label="Thank-you message"
            hint="Sent to everyone who donates."
            maxLength={CAMPAIGN_LIMITS.thankYou}
          />
        )}
      </Field>

      <Field of={form} name="offlineDonations">
        {(field, props) => (
          <AmountField
            field={field}
            props={props}
            label="Raised outside Letsema"
            symbol={CURRENCY_SYMBOLS[currency] ?? 'R'}
            hint="Cash or transfers you received directly. It counts towards your progress and shows in the funding breakdown."
          />
        )}
      </Field>

      <Field of={form} name="notificationFrequency">
        {(field, props) => (
          <SelectField
            field={field}
            props={props}
            label="Email me about donations"
            required
            options={NOTIFICATION_OPTIONS}
          />
        )}
      </Field>

      <Field of={form} name="visibility">
        {(field, props) => (
          <RadioField
            field={field}
            props={props}
            legend="Who can see it"
            layout="cards"
            options={VISIBILITY_OPTIONS}
          />
        )}
      </Field>

      {events.length > 0 ? (
        <Field of={form} name="event">
          {(field, props) => (
            <SelectField
              field={field}
              props={props}
              label="Part of an event"
              placeholder="Not part of an event"
              options={lookupOptions(events)}
            />
          )}
        </Field>
      ) : null}

      <Field of={form} name="settings.showBarometer">
        {(field, props) => (
          <SelectField
            field={field}
            props={props}
            label="Progress barometer"
            required
            hint="What the bar on your campaign page shows."
            options={BAROMETER_OPTIONS}
          />
        )}
      </Field>

      <Field of={form} name="settings.isRecurringGivingCampaign" type="boolean">
        {(field, props) => (
          <CheckboxField
            field={field}
            props={props}
            label="Accept monthly donations"
            hint="Donors can give every month as well as once."
          />
        )}
      </Field>

      <Field of={form} name="settings.isTaxBenefit" type="boolean">
        {(field, props) => (
          <CheckboxField
            field={field}
            props={props}
            label="Donations qualify for a tax certificate"
            hint="Only when the funds go to a public benefit organisation that issues Section 18A certificates."
          />
        )}
      </Field>

      <PaymentMethodsOn gateways={gateways} />
    </div>
  );
}
