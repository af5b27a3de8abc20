import { getValue, setValue } from '@modular-forms/react';
import { useEffect } from 'react';
import type { PaymentGateway } from '~/lib/enums';
import type { DonationFormStore } from './useDonationValues';

/** Keeps a payment method the donor can use selected: the first one when theirs is gone. */
export function useDefaultPaymentMethod(form: DonationFormStore, methods: readonly PaymentGateway[]): void {
  const methodsKey = methods.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: methodsKey stands for methods.
  useEffect(() => {
    const current = getValue(form, 'paymentMethod', { shouldActive: false }) ?? '';
    if (methods.map(String).includes(current)) return;
    const first = methods[0];
    setValue(form, 'paymentMethod', first === undefined ? '' : String(first), { shouldFocus: false });
  }, [form, methodsKey]);
}
