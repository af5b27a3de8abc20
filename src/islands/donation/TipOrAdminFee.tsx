import { Field } from '@modular-forms/react';
import type { ReactElement } from 'react';
import { CheckboxField } from '~/islands/form/CheckboxField';
import { m } from '~/lib/i18n';
import { formatMoney } from '~/lib/money';
import {
  CURRENCY_SYMBOLS,
  type DonationChoices,
  extraAmountOf,
  parseAmount,
  percentOf,
} from './donationValues';
import { TipSlider } from './TipSlider';
import { type DonationFormStore, useDonationValues } from './useDonationValues';

interface Props {
  form: DonationFormStore;
  choices: DonationChoices;
  onTipChange: (percentage: number) => void;
}

function LiveTip({ form, choices, onTipChange }: Props): ReactElement {
  const values = useDonationValues(form);
  const tip = extraAmountOf(parseAmount(values.amount), values, choices);
  return (
    <TipSlider
      percentage={choices.tipPercentage}
      onChange={onTipChange}
      tip={tip}
      currencyId={choices.currencyId}
    />
  );
}

function AdminFeeChoice({ form, choices }: Omit<Props, 'onTipChange'>): ReactElement {
  const values = useDonationValues(form);
  const rate = choices.adminFeeRate ?? 0;
  const amount = parseAmount(values.amount);
  const fee = amount && Number.isFinite(amount) ? percentOf(amount, rate) : 0;
  const money = formatMoney(fee, { symbol: CURRENCY_SYMBOLS[choices.currencyId] });
  return (
    <Field of={form} name="coverFee" type="boolean">
      {(field, props) => (
        <CheckboxField
          field={field}
          props={props}
          label={m.donation_admin_fee_label({ rate, money })}
          hint={m.donation_admin_fee_hint()}
        />
      )}
    </Field>
  );
}

/** A campaign with an admin fee asks the donor to cover it; any other asks for a tip to the platform. */
export function TipOrAdminFee(props: Props): ReactElement {
  return props.choices.adminFeeRate === null ? <LiveTip {...props} /> : <AdminFeeChoice {...props} />;
}
