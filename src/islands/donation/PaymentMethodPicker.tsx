import { Field, type FormStore } from '@modular-forms/react';
import type { ReactElement } from 'react';
import type { Option } from '~/islands/form/fieldParts';
import { RadioField } from '~/islands/form/RadioField';
import type { PaymentGateway } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { paymentMethodName } from '~/lib/paymentMethods';
import type { DonationFormValues } from './donationValues';

interface Props {
  form: FormStore<DonationFormValues, undefined>;
  /** availablePaymentMethods(showGateways, currency, recurring), in the order to show. */
  methods: readonly PaymentGateway[];
}

const HINTS: Partial<Record<PaymentGateway, () => string>> = {
  8: () => m.donation_hint_payfast(),
  4: () => m.donation_hint_iveri(),
  1: () => m.donation_hint_ozow(),
  0: () => m.donation_hint_eft(),
  2: () => m.donation_hint_paypal(),
  3: () => m.donation_hint_paypal_card(),
};

/** The ways the campaign can be paid in the chosen currency, as a radio group. */
export function PaymentMethodPicker({ form, methods }: Props): ReactElement {
  const options: Option[] = methods.map((method) => {
    const hint = HINTS[method];
    return {
      value: String(method),
      label: paymentMethodName(method) ?? m.donation_method_n({ method }),
      ...(hint ? { description: hint() } : {}),
    };
  });
  return (
    <Field of={form} name="paymentMethod">
      {(field, props) => (
        <RadioField
          field={field}
          props={props}
          legend={m.donation_payment_method()}
          options={options}
          layout="cards"
        />
      )}
    </Field>
  );
}
