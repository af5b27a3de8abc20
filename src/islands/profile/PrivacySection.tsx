import { type FormErrors, getValues, reset, useForm } from '@modular-forms/react';
import { type ReactElement, useState } from 'react';
import { ConfirmDangerDialog } from '~/islands/form/ConfirmDangerDialog';
import { FormNotice } from '~/islands/form/FormNotice';
import { PasswordField } from '~/islands/form/PasswordField';
import { applyServerErrors, schemaErrors } from '~/islands/form/validation';
import { displayMessageOf } from '~/lib/api/errors';
import { deleteMyAccount, downloadMyData } from '~/lib/api/privacy';
import { failureBodyOf, notifyStoreError } from '~/lib/api/storeErrors';
import { saveBlob } from '~/lib/browser/browserFiles';
import { deleteAccountSchema, PRIVACY_MESSAGES } from '~/lib/schemas/privacy';
import { SITE_LINKS } from '~/lib/siteLinks';
import { signOut } from '~/stores/auth';
import { setFlash } from '~/stores/flash';

type DeleteValues = { password: string };

function DownloadMyData({ userId }: { userId: string }): ReactElement {
  const [busy, setBusy] = useState(false);
  const download = async (): Promise<void> => {
    setBusy(true);
    try {
      const { blob, fileName } = await downloadMyData(userId);
      saveBlob(blob, fileName);
    } catch (error) {
      notifyStoreError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <h3 className="font-semibold text-ink">Download my data</h3>
      <p className="text-ink-muted">
        A zip file with everything we hold about you: your profile, donations, campaigns, organisations,
        banking details and payouts, and the files you uploaded.
      </p>
      <button type="button" className="btn-outline" disabled={busy} onClick={() => void download()}>
        {busy ? 'Preparing your data…' : 'Download my data'}
      </button>
    </div>
  );
}

function DeleteMyAccount({ userId }: { userId: string }): ReactElement {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [form, { Form }] = useForm<DeleteValues>({
    initialValues: { password: '' },
    validate: (values) => schemaErrors(deleteAccountSchema, values, ['password']) as FormErrors<DeleteValues>,
  });

  const remove = async (): Promise<void> => {
    const { password = '' } = getValues(form) as Partial<DeleteValues>;
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await deleteMyAccount(userId, { password });
      signOut(SITE_LINKS.home);
      setFlash(
        { type: 'success', message: answer.meta.message ?? PRIVACY_MESSAGES.deleted, duration: 6000 },
        SITE_LINKS.home,
      );
    } catch (error) {
      const body = failureBodyOf(error);
      setBusy(false);
      setConfirming(false);
      if (applyServerErrors(form, body.data, ['password'])) return;
      const message = displayMessageOf(body);
      // A 409 (money not yet paid out) or a gateway refusal: said here, where the user is looking.
      if (message) setRefusal(message);
      else notifyStoreError(error);
    }
  };

  return (
    <div className="space-y-3">
      <h3 className="font-semibold text-ink">Delete my account</h3>
      <div className="space-y-2 text-ink-muted">
        <p>
          Deleting your account removes your name, email address, phone number, address, picture and uploaded
          documents, signs you out everywhere and closes and hides your campaigns. You cannot undo it.
        </p>
        <p>
          Your donations stay in the campaigns’ totals as “Anonymous”, without your name, email or phone: the
          campaigns’ totals, their payouts and the organisations’ Section 18A receipt numbers depend on them,
          and tax law asks us to keep the record of money received. Receipts already issued keep their number
          and amount, not your details.
        </p>
        <p>If a campaign of yours still has money not yet paid out, request the payout first.</p>
      </div>
      {refusal ? <FormNotice tone="error">{refusal}</FormNotice> : null}
      <Form onSubmit={() => setConfirming(true)} className="space-y-3" aria-label="Delete my account">
        <PasswordField of={form} label="Your password, to confirm" autoComplete="current-password" />
        {confirming ? (
          <ConfirmDangerDialog
            question="Delete your account for good?"
            confirmLabel="Yes, delete my account"
            busyLabel="Deleting…"
            cancelLabel="Keep my account"
            busy={busy}
            onConfirm={() => void remove()}
            onCancel={() => {
              setConfirming(false);
              reset(form);
            }}
          />
        ) : (
          <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800">
            Delete my account
          </button>
        )}
      </Form>
    </div>
  );
}

/** The profile's privacy section (POPIA, docs/api/privacy.md): download all my data, delete my account. */
export function PrivacySection({ userId }: { userId: string }): ReactElement {
  return (
    <section aria-labelledby="privacy-title" className="space-y-6 border-t border-line pt-6">
      <div>
        <h2 id="privacy-title" className="font-semibold text-ink">
          Your data and privacy
        </h2>
        <p className="text-ink-muted">
          Your rights under POPIA, and what we keep and why, are on our{' '}
          <a className="font-semibold text-brand underline" href={SITE_LINKS.privacy}>
            privacy page
          </a>
          .
        </p>
      </div>
      <DownloadMyData userId={userId} />
      <DeleteMyAccount userId={userId} />
    </section>
  );
}
