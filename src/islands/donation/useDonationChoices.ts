import { type RefObject, useRef, useState } from 'react';
import { clampAndSnap } from '~/lib/browser/slider';
import { Currency } from '~/lib/enums';
import { availablePaymentMethods, type ShowGateways } from '~/lib/paymentMethods';
import type { ReferralChannel } from '~/lib/referralChannels';
import type { DonationFormCampaign } from './donationFormCampaign';
import type { DonationChoices } from './donationValues';
import { TIP_RANGE } from './TipSlider';

/** The currencies some gateway of the campaign takes, rand first. */
function currenciesOf(gateways: ShowGateways, recurring: boolean): Currency[] {
  return [Currency.Rand, Currency.Dollar].filter(
    (currency) => availablePaymentMethods(gateways, currency, recurring).length > 0,
  );
}

interface DonationChoiceState {
  choices: DonationChoices;
  /** The latest choices, for the form's validator (created once, called later). */
  choicesRef: RefObject<DonationChoices>;
  /** The campaign takes monthly donations in some currency: the form shows its tabs. */
  recurringOffered: boolean;
  /** The currencies offered for once-off or monthly, as chosen. */
  currencies: Currency[];
  setRecurring: (recurring: boolean) => void;
  setCurrency: (currency: Currency) => void;
  setTipPercentage: (percentage: number) => void;
}

/** What the donor chose beside the inputs: once-off or monthly, the currency and the tip. */
export function useDonationChoices(
  campaign: DonationFormCampaign,
  initialTab: 'once-off' | 'monthly',
  referralChannel: ReferralChannel,
): DonationChoiceState {
  const setting = campaign.campaignSetting;
  const gateways = setting.showGateways;
  const recurringOffered = setting.isRecurringGivingCampaign && currenciesOf(gateways, true).length > 0;
  const [recurring, setRecurring] = useState(initialTab === 'monthly' && recurringOffered);
  const currencies = currenciesOf(gateways, recurring);
  const [chosenCurrency, setCurrency] = useState<Currency>(setting.currency.id as Currency);
  // A currency no gateway takes for this kind of donation gives way to the first one that is taken.
  const currencyId = currencies.includes(chosenCurrency) ? chosenCurrency : (currencies[0] ?? Currency.Rand);
  const [tipPercentage, setTipPercentage] = useState(() =>
    clampAndSnap(campaign.defaultTipPercentage, TIP_RANGE),
  );
  const adminFeeRate = setting.isAdminFee && setting.adminFeeRate > 0 ? setting.adminFeeRate : null;
  const choices: DonationChoices = { recurring, currencyId, tipPercentage, adminFeeRate, referralChannel };
  const choicesRef = useRef(choices);
  choicesRef.current = choices;
  return {
    choices,
    choicesRef,
    recurringOffered,
    currencies,
    setRecurring,
    setCurrency,
    setTipPercentage,
  };
}
