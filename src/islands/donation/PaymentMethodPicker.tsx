import { Field, type FormStore } from '@modular-forms/react';
import type { ReactElement } from 'react';
import type { Option } from '~/islands/form/fieldParts';
import { RadioField } from '~/islands/form/RadioField';
import type { PaymentGateway } from '~/lib/enums';
import { PAYMENT_METHOD_LABELS } from '~/lib/paymentMethods';
import type { DonationFormValues } from './donationValues';

interface Props {
  form: FormStore<DonationFormValues, undefined>;
  /** availablePaymentMethods(showGateways, currency, recurring), in the order to show. */
  methods: readonly PaymentGateway[];
}

const HINTS: Partial<Record<PaymentGateway, string>> = {
  8: 'Visa, Mastercard and more, through PayFast.',
  4: 'Visa, Mastercard, Amex or Diners, on iVeri’s secure card page.',
  1: 'Pay from your bank account in real time, through Ozow.',
  0: 'We show you our bank details and a reference to use.',
  2: 'Pay with your PayPal account.',
  3: 'Visa, Mastercard and more, typed on PayPal’s page: no PayPal account needed.',
};

/** The ways the campaign can be paid in the chosen currency, as a radio group. */
export function PaymentMethodPicker({ form, methods }: Props): ReactElement {
  const options: Option[] = methods.map((method) => ({
    value: String(method),
    label: PAYMENT_METHOD_LABELS[method] ?? `Method ${method}`,
    ...(HINTS[method] ? { description: HINTS[method] } : {}),
  }));
  return (
    <Field of={form} name="paymentMethod">
      {(field, props) => (
        <RadioField field={field} props={props} legend="Payment method" options={options} layout="cards" />
      )}
    </Field>
  );
}
