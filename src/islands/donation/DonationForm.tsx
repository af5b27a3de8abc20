import { type FormErrors, getValue, setValue, useForm } from '@modular-forms/react';
import { useStore } from '@nanostores/react';
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, type ReactElement, Suspense } from 'react';
import { FormNotice } from '~/islands/form/FormNotice';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { useHydrated } from '~/islands/shell/useHydrated';
import type { CaptchaConfig } from '~/lib/contracts/platform';
import { m } from '~/lib/i18n';
import { availablePaymentMethods } from '~/lib/paymentMethods';
import type { ReferralChannel } from '~/lib/referralChannels';
import { $currentUser } from '~/stores/tokens';
import { AmountPicker } from './AmountPicker';
import { CaptchaField } from './CaptchaField';
import { CurrencySwitch } from './CurrencySwitch';
import { DonationPostFields } from './DonationPostFields';
import { DonationTabs } from './DonationTabs';
import { DonationTotal } from './DonationTotal';
import { DonorDetails } from './DonorDetails';
import type { DonationFormCampaign } from './donationFormCampaign';
import { type DonationFormStart, startingValues } from './donationFormData';
import {
  CURRENCY_SYMBOLS,
  type DonationChoices,
  type DonationFormValues,
  validateDonationValues,
} from './donationValues';
import { PaymentMethodPicker } from './PaymentMethodPicker';
import { TipOrAdminFee } from './TipOrAdminFee';
import { useCancelledReturn } from './useCancelledReturn';
import { useDefaultPaymentMethod } from './useDefaultPaymentMethod';
import { useDonationChoices } from './useDonationChoices';
import { type DonationSubmit, useDonationSubmit } from './useDonationSubmit';
import { completeDonationValues, type DonationFormStore } from './useDonationValues';
import { useDonorPrefill } from './useDonorPrefill';
import { startNotice, useFormStart, useTypedBeforeHydration } from './useFormStart';

interface Props {
  campaign: DonationFormCampaign;
  captcha: CaptchaConfig;
  /** Refilled after a cancelled or failed payment, or a refused post's values and messages; null: empty. */
  start: DonationFormStart | null;
  /** The signed render time the form posts without JavaScript (server: donations/form.ts). */
  formStamp: string;
  /** Where the form posts without JavaScript: the donation page itself. */
  action: string;
  /** `?tab=recurring` opens the Monthly tab. */
  initialTab: 'once-off' | 'monthly';
  /** Where the donor came from: the campaign link's `?ref=`, else 'direct' (src/lib/referralChannels.ts). */
  referralChannel?: ReferralChannel;
}

// Parts not every donor needs load when they are shown: the bank details after an EFT donation is
// made (or as its press starts), the monthly fields on the Monthly tab, the hand-off's error.
const EftInstructions = lazy(() =>
  import('./EftInstructions').then((module) => ({ default: module.EftInstructions })),
);
const SnapscanInstructions = lazy(() =>
  import('./SnapscanInstructions').then((module) => ({ default: module.SnapscanInstructions })),
);
// The server renders the monthly fields at once (`?tab=recurring`): a lazy part there would be
// streamed in by an inline script, which the page's CSP refuses. The browser loads them with the
// Monthly tab (the server's branch is dropped from its bundle).
const RecurringFields = import.meta.env.SSR
  ? (await import('./RecurringFields')).RecurringFields
  : lazy(() => import('./RecurringFields').then((module) => ({ default: module.RecurringFields })));
const DebitOrderFields = lazy(() =>
  import('./DebitOrderFields').then((module) => ({ default: module.DebitOrderFields })),
);
const HandOffError = lazy(() =>
  import('./HandOffError').then((module) => ({ default: module.HandOffError })),
);

export const CANCELLED_MESSAGE = 'Your payment was cancelled. You can try again.';
export const DECLINED_MESSAGE = 'Your payment did not go through, and no money was taken. You can try again.';
/** CANCELLED_MESSAGE and DECLINED_MESSAGE in the page's language (issue 27). */
export const cancelledMessage = (): string => m.donation_cancelled_notice();
export const declinedMessage = (): string => m.donation_declined_notice();

/** The bank account and mandate, loaded once the donor picks a debit order (7). */
function DebitOrderPart(props: { form: DonationFormStore; choices: DonationChoices }): ReactElement | null {
  useSignals();
  return getValue(props.form, 'paymentMethod') === '7' ? (
    <Suspense fallback={null}>
      <DebitOrderFields {...props} />
    </Suspense>
  ) : null;
}

/** What happens to the donor's payment details, under the button. */
function PaymentPromise({ form }: { form: DonationFormStore }): ReactElement {
  useSignals();
  return (
    <p className="text-center text-xs text-ink-muted">
      {getValue(form, 'paymentMethod') === '7' ? m.donation_promise_debit() : m.donation_promise_gateway()}
    </p>
  );
}

/** The campaign's choices as a refilled form left them (its currency and tip), else as the campaign sets them. */
function campaignAsStarted(
  campaign: DonationFormCampaign,
  start: DonationFormStart | null,
): DonationFormCampaign {
  if (!start) return campaign;
  return {
    ...campaign,
    campaignSetting: { ...campaign.campaignSetting, currency: { id: start.currencyId } },
    defaultTipPercentage: start.tipPercentage,
  };
}

/** Back from the gateway without paying: cancelled, or declined with no money taken. */
function ReturnedNotice({ declined }: { declined: boolean }): ReactElement {
  return <FormNotice tone="info">{declined ? declinedMessage() : cancelledMessage()}</FormNotice>;
}

/**
 * A donation just made that is paid off the site: the bank details of an EFT donation or SnapScan's
 * code, in place of the form; null for the others.
 */
function paymentInstructionsOf({ eft, snapscan }: DonationSubmit): ReactElement | null {
  if (eft)
    return (
      <Suspense fallback={<p role="status">{m.donation_loading_bank()}</p>}>
        <EftInstructions info={eft.info} token={eft.token} />
      </Suspense>
    );
  if (snapscan)
    return (
      <Suspense fallback={<p role="status">{m.donation_loading_snapscan()}</p>}>
        <SnapscanInstructions info={snapscan.info} token={snapscan.token} />
      </Suspense>
    );
  return null;
}

/** The button while it works: waiting for the captcha, opening the gateway's page, or saving. */
function busyLabelOf({ securing, leaving }: DonationSubmit): string {
  if (securing) return m.donation_busy_securing();
  if (leaving) return m.donation_busy_opening();
  return m.donation_busy_saving();
}

/** The button's words: still "opening" once the gateway's page is on its way. */
function submitLabelOf({
  leaving,
  recurring,
  returned,
}: {
  leaving: boolean;
  recurring: boolean;
  returned: boolean;
}): string {
  if (leaving) return m.donation_busy_opening();
  if (recurring) return m.donation_start_monthly();
  if (returned) return m.donation_try_again();
  return m.donation_donate_now();
}

function DonationFormContent({
  campaign,
  captcha,
  start,
  formStamp,
  action,
  initialTab,
  referralChannel = 'direct',
}: Props): ReactElement {
  const hydrated = useHydrated();
  const user = useStore($currentUser);
  const signedIn = hydrated && user !== null;
  const { choices, choicesRef, recurringOffered, currencies, ...choose } = useDonationChoices(
    campaignAsStarted(campaign, start),
    initialTab,
    referralChannel,
  );
  const { recurring, currencyId } = choices;

  const [form, { Form, Field }] = useForm<DonationFormValues>({
    initialValues: start?.values ?? startingValues(campaign, initialTab === 'monthly'),
    validateOn: 'submit',
    revalidateOn: 'change',
    validate: (values) =>
      validateDonationValues(
        completeDonationValues(values),
        choicesRef.current,
      ) as FormErrors<DonationFormValues>,
  });

  const methods = availablePaymentMethods(campaign.campaignSetting.showGateways, currencyId, recurring);
  useDefaultPaymentMethod(form, methods);
  useDonorPrefill(form, signedIn ? user : null);
  useFormStart(form, start);
  useTypedBeforeHydration(form, { ...choices, ...choose });
  useCancelledReturn(start?.returned ?? false);
  const returned = start?.returned ?? false;
  const serverNotice = startNotice(start);
  const submit = useDonationSubmit({ form, campaignId: campaign.id, choices: choicesRef, signedIn, captcha });

  const instructions = paymentInstructionsOf(submit);
  if (instructions) return instructions;

  const body = (
    <Form
      method="post"
      action={action}
      onSubmit={submit.onSubmit}
      className="flex flex-col gap-6"
      aria-label={m.donation_page_title({ name: campaign.name })}
    >
      <DonationPostFields
        referralChannel={referralChannel}
        recurring={recurring}
        currencyId={currencyId}
        currencyShown={currencies.length > 1}
        stamp={formStamp}
      />
      {returned ? <ReturnedNotice declined={start?.declined ?? false} /> : null}
      {serverNotice && !submit.notice ? <FormNotice tone="error">{serverNotice}</FormNotice> : null}
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-lg font-bold text-ink">
          {recurring ? m.donation_your_monthly_donation() : m.donation_your_donation()}
        </legend>
        <CurrencySwitch value={currencyId} options={currencies} onChange={choose.setCurrency} />
        <Field name="amount">
          {(field, props) => (
            <AmountPicker
              field={field}
              props={props}
              currencyId={currencyId}
              label={recurring ? m.donation_monthly_amount() : m.donation_amount()}
              onPick={(amount) => setValue(form, 'amount', String(amount), { shouldFocus: false })}
            />
          )}
        </Field>
        <TipOrAdminFee form={form} choices={choices} onTipChange={choose.setTipPercentage} />
      </fieldset>
      {recurring ? (
        <Suspense fallback={null}>
          <RecurringFields form={form} symbol={CURRENCY_SYMBOLS[currencyId]} />
        </Suspense>
      ) : null}
      <PaymentMethodPicker form={form} methods={methods} />
      {recurring ? <DebitOrderPart form={form} choices={choices} /> : null}
      <DonorDetails form={form} mobileRequired={recurring} />
      {/* Not before the island runs: without JavaScript the post is guarded otherwise (honeypot, fill time). */}
      {hydrated && !signedIn ? <CaptchaField captcha={submit.captcha} error={submit.captchaError} /> : null}
      <DonationTotal form={form} choices={choices} />
      {submit.notice ? <FormNotice tone="error">{submit.notice}</FormNotice> : null}
      {submit.handOffFailed ? (
        <Suspense fallback={null}>
          <HandOffError failed={submit.handOffFailed} />
        </Suspense>
      ) : null}
      <SubmitButton
        form={form}
        busyLabel={busyLabelOf(submit)}
        done={submit.leaving || submit.handOffFailed !== null}
        postsWithoutScript
        className="btn-accent w-full py-3 text-lg disabled:cursor-not-allowed disabled:opacity-60"
      >
        {submitLabelOf({ leaving: submit.leaving, recurring, returned })}
      </SubmitButton>
      <PaymentPromise form={form} />
    </Form>
  );

  if (!recurringOffered) return body;
  return (
    <DonationTabs
      recurring={recurring}
      onChange={(next) => {
        choose.setRecurring(next);
        submit.clearNotice();
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
