import { getValue, setValue } from '@modular-forms/react';
import { useEffect } from 'react';
import type { CurrentUser } from '~/lib/currentUser';
import type { DonationFormStore } from './useDonationValues';

/** Prefills the donor's details from the signed-in user (null: nobody, or not known yet); never over what they typed. */
export function useDonorPrefill(form: DonationFormStore, user: CurrentUser | null): void {
  useEffect(() => {
    if (!user) return;
    const fill = (name: 'firstName' | 'lastName' | 'email' | 'mobileNumber', value: string | null) => {
      if (value && !getValue(form, name, { shouldActive: false }))
        setValue(form, name, value, { shouldFocus: false, shouldTouched: false, shouldValidate: false });
    };
    fill('firstName', user.firstName);
    fill('lastName', user.lastName);
    fill('email', user.email);
    fill('mobileNumber', user.msisdn);
  }, [form, user]);
}
