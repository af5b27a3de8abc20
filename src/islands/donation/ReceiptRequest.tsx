import { Field, useForm, valiForm } from '@modular-forms/react';
import { type ReactElement, useState } from 'react';
import { FormNotice } from '~/islands/form/FormNotice';
import { RadioField } from '~/islands/form/RadioField';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { TextAreaField } from '~/islands/form/TextAreaField';
import { TextField } from '~/islands/form/TextField';
import { applyServerErrors } from '~/islands/form/validation';
import { getReceiptPdf, requestReceipt } from '~/lib/api/receipts';
import { failureBodyOf, notifyStoreError } from '~/lib/api/storeErrors';

<<<<<<< HEAD

import { saveBlob } from '~/lib/browser/browserFiles';

=======

import { saveBlob } from '~/lib/browser/browserFiles';
import type { DonationReceiptState } from '~/lib/contracts/receipts';

>>>>>>> wt/types

import { m } from '~/lib/i18n';
import { receiptFileName, receiptPdfPath } from '~/lib/receipts';
import { RECEIPT_ID_TYPES, RECEIPT_LIMITS, receiptRequestSchema } from '~/lib/schemas/receipt';

type ReceiptValues = { fullName: string; idType: string; idNumber: string; address: string };
const FIELDS = ['fullName', 'idType', 'idNumber', 'address'] as const;

/** The two ways to identify oneself, in the page's language (read at render). */
const idTypeOptions = () => [
  { value: RECEIPT_ID_TYPES.saId, label: m.thanks_id_type_sa_id() },
  { value: RECEIPT_ID_TYPES.taxNumber, label: m.thanks_id_type_tax_number() },
];

/** The receipt's number, as the donation's receipt state carries it. */
type Issued = NonNullable<DonationReceiptState['issued']>;

interface Props {
  /**
   * The donation: its token on /thanks (no sign-in; the PDF is a plain link), or its id on My
   * Donations (`signedIn`: the session's bearer asks, and the PDF is fetched with it).
   */
  donationKey: string;
  signedIn: boolean;
  /** The receipt already issued, if any. */
  issued: Issued | null;
  /** Suggested full name (the donation's first and last name). */
  defaultName: string;
}

/** Where the PDF comes from: a link for the token's holder, a fetch with the bearer for a signed-in donor. */
function DownloadReceipt({
  donationKey,
  signedIn,
  issued,
}: Omit<Props, 'defaultName'> & { issued: Issued }): ReactElement {
  const [busy, setBusy] = useState(false);
  if (!signedIn) {
    return (
      <a href={receiptPdfPath(donationKey)} download={receiptFileName(issued.number)} className="btn-outline">
        {m.thanks_download_pdf()}
      </a>
    );
  }
  const download = async (): Promise<void> => {
    setBusy(true);
    try {
      saveBlob(await getReceiptPdf(donationKey), receiptFileName(issued.number));
    } catch (error) {
      notifyStoreError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn-outline"
      onClick={download}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {busy ? m.thanks_downloading() : m.thanks_download_pdf()}
    </button>
  );
}

/**
 * A Section 18A receipt for an accepted donation to a PBO: the donor's full name, SA ID or tax
 * number and postal address, checked with the schema the server uses; then the receipt's number
 * and its PDF. Once issued, only the download.
 */
export function ReceiptRequest({
  donationKey,
  signedIn,
  issued: issuedBefore,
  defaultName,
}: Props): ReactElement {
  const [issued, setIssued] = useState<Issued | null>(issuedBefore);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [form, { Form }] = useForm<ReceiptValues>({
    initialValues: { fullName: defaultName, idType: RECEIPT_ID_TYPES.saId, idNumber: '', address: '' },
    validate: valiForm(receiptRequestSchema),
  });

  if (issued) {
    return (
      <div className="space-y-3">
        <FormNotice tone="success">
          <p className="font-semibold">
            {sentTo
              ? m.thanks_receipt_sent_to({ number: issued.numberText, email: sentTo })
              : m.thanks_receipt_issued_short({ number: issued.numberText })}
          </p>
          <p className="mt-1">{m.thanks_receipt_keep()}</p>
        </FormNotice>
        <DownloadReceipt donationKey={donationKey} signedIn={signedIn} issued={issued} />
      </div>
    );
  }

  const onSubmit = async (values: ReceiptValues): Promise<void> => {
    try {
      const { data } = await requestReceipt(donationKey, values, signedIn);
      if (data.mailed) setSentTo(data.receipt.donorEmail);
      setIssued({ number: data.receipt.number, numberText: data.receipt.numberText });
    } catch (error) {
      if (!applyServerErrors(form, failureBodyOf(error).data, FIELDS)) notifyStoreError(error);
    }
  };

  return (
    <Form onSubmit={onSubmit} className="space-y-4" aria-label={m.thanks_receipt_form_label()}>
      <Field of={form} name="fullName">
        {(field, props) => (
          <TextField field={field} props={props} label={m.thanks_full_name()} autoComplete="name" required />
        )}
      </Field>
      <Field of={form} name="idType">
        {(field, props) => (
          <RadioField
            field={field}
            props={props}
            legend={m.thanks_identify_with()}
            options={idTypeOptions()}
          />
        )}
      </Field>
      <Field of={form} name="idNumber">
        {(field, props) => (
          <TextField
            field={field}
            props={props}
            label={m.thanks_number()}
            inputMode="numeric"
            autoComplete="off"
            required
            hint={m.thanks_number_hint()}
          />
        )}
      </Field>
      <Field of={form} name="address">
        {(field, props) => (
          <TextAreaField
            field={field}
            props={props}
            label={m.thanks_postal_address()}
            maxLength={RECEIPT_LIMITS.address}
            rows={3}
            required
          />
        )}
      </Field>
      <SubmitButton form={form} busyLabel={m.thanks_issuing_receipt()} className="btn-primary">
        {m.thanks_get_my_receipt()}
      </SubmitButton>
    </Form>
  );
}
