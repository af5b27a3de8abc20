import { Field, type FormErrors, type FormStore, getValue, setValue, useForm } from '@modular-forms/react';
import { useStore } from '@nanostores/react';
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { CheckboxField } from '~/islands/editor/fields';
import { applyServerErrors } from '~/islands/editor/validation';
import { FormNotice } from '~/islands/form/FormNotice';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { useHydrated } from '~/islands/shell/useHydrated';
import type { DonationRequest, RecurringDonationRequest, TransactionInfo } from '~/lib/api/donations';
import { Currency } from '~/lib/enums';
import { formatMoney } from '~/lib/money';
import { availablePaymentMethods, type ShowGateways } from '~/lib/paymentMethods';
import { clampAndSnap } from '~/lib/slider';
import { $currentUser } from '~/stores/auth';
import { cancelPendingDonation, createDonation, createRecurringDonation } from '~/stores/donation';
import { AmountPicker } from './AmountPicker';
import { type CaptchaConfig, CaptchaField, CaptchaPlaceholder } from './CaptchaField';
import { CurrencySwitch } from './CurrencySwitch';
import { DonationTabs } from './DonationTabs';
import { DonorDetails } from './DonorDetails';
import {
  CURRENCY_SYMBOLS,
  DONATION_FIELDS,
  type DonationChoices,
  type DonationFormValues,
  donationRequestOf,
  EMPTY_DONATION_VALUES,
  extraAmountOf,
  parseAmount,
  percentOf,
  totalSummaryOf,
  validateDonationValues,
} from './donationValues';
import { EftInstructions } from './EftInstructions';
import { PaymentMethodPicker } from './PaymentMethodPicker';
import { continueToPayment } from './paymentRedirect';
import { RecurringFields } from './RecurringFields';
import { TIP_RANGE, TipSlider } from './TipSlider';

/** Only what the form needs of the campaign (the page passes nothing more to the browser). */
export interface DonationCampaign {
  id: string;
  url: string;
  name: string;
  currency: { id: number; symbol: string; ticker: string };
  campaignSetting: {
    showGateways: ShowGateways;
    isRecurringGivingCampaign: boolean;
    isAdminFee: boolean;
    adminFeeRate: number;
  };
  defaultTipPercentage: number;
}

interface Props {
  campaign: DonationCampaign;
  captcha: CaptchaConfig;
  /** `?cancelled={token}`: the donor left the gateway with Cancel. */
  cancelledToken: string | null;
  /** `?tab=recurring` opens the Monthly tab. */
  initialTab: 'once-off' | 'monthly';
}

export const CANCELLED_MESSAGE = 'Your payment was cancelled. You can try again.';
const CAPTCHA_NEEDED = "Please tick 'I'm not a robot' first.";

type DonationForm = FormStore<DonationFormValues, undefined>;

/** The values with defaults for what is missing (modular-forms leaves out fields not on screen). */
function complete(
  values: { [K in keyof DonationFormValues]?: DonationFormValues[K] | null | undefined },
): DonationFormValues {
  const result = { ...EMPTY_DONATION_VALUES };
  for (const key of Object.keys(result) as (keyof DonationFormValues)[]) {
    const value = values[key];
    if (value !== null && value !== undefined) Object.assign(result, { [key]: value });
  }
  return result;
}

/** The currencies some gateway of the campaign takes, rand first. */
function currenciesOf(gateways: ShowGateways, recurring: boolean): Currency[] {
  return [Currency.Rand, Currency.Dollar].filter(
    (currency) => availablePaymentMethods(gateways, currency, recurring).length > 0,
  );
}

/** Reads the current values (subscribing to them) for the parts that show money. */
function useValues(form: DonationForm): DonationFormValues {
  useSignals();
  return complete({
    amount: getValue(form, 'amount') ?? '',
    coverFee: getValue(form, 'coverFee') ?? false,
    onceOffAmount: getValue(form, 'onceOffAmount') ?? '',
  });
}

function LiveTip(props: {
  form: DonationForm;
  choices: DonationChoices;
  onChange: (percentage: number) => void;
}): ReactElement {
  const values = useValues(props.form);
  const tip = extraAmountOf(parseAmount(values.amount), values, props.choices);
  return (
    <TipSlider
      percentage={props.choices.tipPercentage}
      onChange={props.onChange}
      tip={tip}
      currencyId={props.choices.currencyId}
    />
  );
}

function AdminFeeChoice({ form, choices }: { form: DonationForm; choices: DonationChoices }): ReactElement {
  const values = useValues(form);
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
          label={`Cover the campaign's admin fee of ${rate} % (${money})`}
          hint="So the campaign receives your whole gift."
        />
      )}
    </Field>
  );
}

function TotalLine({ form, choices }: { form: DonationForm; choices: DonationChoices }): ReactElement {
  const summary = totalSummaryOf(useValues(form), choices);
  return (
    <p role="status" className="rounded-md bg-brand-light px-4 py-3 text-base font-semibold text-ink">
      {summary ?? 'Choose an amount to see your total.'}
    </p>
  );
}

function DonationFormContent({ campaign, captcha, cancelledToken, initialTab }: Props): ReactElement {
  const setting = campaign.campaignSetting;
  const gateways = setting.showGateways;
  const recurringOffered = setting.isRecurringGivingCampaign && currenciesOf(gateways, true).length > 0;
  const hydrated = useHydrated();
  const user = useStore($currentUser);
  const signedIn = hydrated && user !== null;

  const [recurring, setRecurring] = useState(initialTab === 'monthly' && recurringOffered);
  const currencies = currenciesOf(gateways, recurring);
  const campaignCurrency = campaign.currency.id as Currency;
  const [chosenCurrency, setCurrency] = useState<Currency>(campaignCurrency);
  const currencyId = currencies.includes(chosenCurrency) ? chosenCurrency : (currencies[0] ?? Currency.Rand);
  const [tipPercentage, setTipPercentage] = useState(() =>
    clampAndSnap(campaign.defaultTipPercentage, TIP_RANGE),
  );
  const adminFeeRate = setting.isAdminFee && setting.adminFeeRate > 0 ? setting.adminFeeRate : null;
  const choices: DonationChoices = { recurring, currencyId, tipPercentage, adminFeeRate };
  const choicesRef = useRef(choices);
  choicesRef.current = choices;

  const [form, { Form, Field: FormField }] = useForm<DonationFormValues>({
    initialValues: EMPTY_DONATION_VALUES,
    validateOn: 'submit',
    revalidateOn: 'change',
    validate: (values) =>
      validateDonationValues(complete(values), choicesRef.current) as FormErrors<DonationFormValues>,
  });

  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [eft, setEft] = useState<{ info: TransactionInfo; token: string } | null>(null);

  const methods = availablePaymentMethods(gateways, currencyId, recurring);
  const methodsKey = methods.join(',');
  // Keep a payment method the donor can use selected: the first one when theirs is gone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: methodsKey stands for methods.
  useEffect(() => {
    const current = getValue(form, 'paymentMethod', { shouldActive: false }) ?? '';
    if (methods.map(String).includes(current)) return;
    const first = methods[0];
    setValue(form, 'paymentMethod', first === undefined ? '' : String(first), { shouldFocus: false });
  }, [form, methodsKey]);

  // Prefill the donor's details when signed in; never over what they typed.
  useEffect(() => {
    if (!signedIn || !user) return;
    const fill = (name: 'firstName' | 'lastName' | 'email' | 'mobileNumber', value: string | null) => {
      if (value && !getValue(form, name, { shouldActive: false }))
        setValue(form, name, value, { shouldFocus: false, shouldTouched: false, shouldValidate: false });
    };
    fill('firstName', user.firstName);
    fill('lastName', user.lastName);
    fill('email', user.email);
    fill('mobileNumber', user.msisdn);
  }, [form, signedIn, user]);

  // Back from the gateway's Cancel: mark that donation cancelled, once (the address forgets the token).
  useEffect(() => {
    if (!cancelledToken) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('cancelled');
    window.history.replaceState(window.history.state, '', url);
    void cancelPendingDonation(cancelledToken).then((done) => setCancelled(done));
  }, [cancelledToken]);

  if (eft) return <EftInstructions info={eft.info} token={eft.token} />;

  const onCaptchaToken = (token: string | null): void => {
    setCaptchaToken(token);
    if (token) setCaptchaError(null);
  };

  const onSubmit = async (values: DonationFormValues): Promise<void> => {
    setNotice(null);
    if (!signedIn && !captchaToken) {
      setCaptchaError(CAPTCHA_NEEDED);
      document.getElementById('captcha-label')?.scrollIntoView({ block: 'center' });
      return;
    }
    const token = signedIn ? undefined : (captchaToken ?? undefined);
    const request = donationRequestOf(complete(values), choicesRef.current, campaign.id, token);
    if (!request) return;
    const outcome = recurring
      ? await createRecurringDonation(request as RecurringDonationRequest, signedIn)
      : await createDonation(request as DonationRequest, signedIn);
    if (!outcome.ok) {
      // A checked captcha answer is spent; a fresh widget solves again.
      if (!signedIn) setCaptchaKey((key) => key + 1);
      if (outcome.fieldErrors?.recaptchaToken) {
        setCaptchaError(outcome.message);
        return;
      }
      if (!applyServerErrors(form, outcome.fieldErrors, DONATION_FIELDS)) setNotice(outcome.message);
      return;
    }
    const info = outcome.data.transactionInfo;
    if (continueToPayment(info) === 'eft') setEft({ info, token: outcome.data.jwtTokenStringDonationId });
    else setLeaving(true);
  };

  const symbol = CURRENCY_SYMBOLS[currencyId];
  const body = (
    <Form onSubmit={onSubmit} className="flex flex-col gap-6" aria-label={`Donate to ${campaign.name}`}>
      {cancelled ? <FormNotice tone="info">{CANCELLED_MESSAGE}</FormNotice> : null}
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-lg font-bold text-ink">
          {recurring ? 'Your monthly donation' : 'Your donation'}
        </legend>
        <CurrencySwitch value={currencyId} options={currencies} onChange={setCurrency} />
        <FormField name="amount">
          {(field, props) => (
            <AmountPicker
              field={field}
              props={props}
              currencyId={currencyId}
              label={recurring ? 'Monthly amount' : 'Amount'}
              onPick={(amount) => setValue(form, 'amount', String(amount), { shouldFocus: false })}
            />
          )}
        </FormField>
        {adminFeeRate === null ? (
          <LiveTip form={form} choices={choices} onChange={setTipPercentage} />
        ) : (
          <AdminFeeChoice form={form} choices={choices} />
        )}
      </fieldset>
      {recurring ? <RecurringFields form={form} symbol={symbol} /> : null}
      <PaymentMethodPicker form={form} methods={methods} />
      <DonorDetails form={form} mobileRequired={recurring} />
      {!hydrated ? (
        <CaptchaPlaceholder />
      ) : signedIn ? null : (
        <CaptchaField config={captcha} onToken={onCaptchaToken} resetKey={captchaKey} error={captchaError} />
      )}
      <TotalLine form={form} choices={choices} />
      {notice ? <FormNotice tone="error">{notice}</FormNotice> : null}
      <SubmitButton
        form={form}
        busyLabel={leaving ? 'Opening the payment page…' : 'Saving your donation…'}
        done={leaving}
        className="btn-accent w-full py-3 text-lg disabled:cursor-not-allowed disabled:opacity-60"
      >
        {leaving ? 'Opening the payment page…' : recurring ? 'Start monthly donation' : 'Donate now'}
      </SubmitButton>
      <p className="text-center text-xs text-ink-muted">
        You pay on the gateway's secure page (or by bank transfer); we never see your card details.
      </p>
    </Form>
  );

  if (!recurringOffered) return body;
  return (
    <DonationTabs
      recurring={recurring}
      onChange={(next) => {
        setRecurring(next);
        setNotice(null);
      }}
    >
      {body}
    </DonationTabs>
  );
}

/** The donation form (issue 5 item 6): amount, tip or fee, method, details, captcha, then the gateway. */
export default function DonationForm(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <DonationFormContent {...props} />
    </IslandErrorBoundary>
  );
}
