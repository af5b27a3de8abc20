import { type FormErrors, reset, useForm } from '@modular-forms/react';
import { type ReactElement, useEffect, useState } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import { CheckboxField } from '~/islands/form/CheckboxField';
import { FormActions } from '~/islands/form/FormActions';
import { TextAreaField } from '~/islands/form/TextAreaField';
import { schemaErrors } from '~/islands/form/validation';
import { type Banner, type BannerInput, getBanner, saveBanner } from '~/lib/api/admin';
import { notifyStoreError } from '~/lib/api/storeErrors';
import { ADMIN_LIMITS } from '~/lib/schemas/admin';
import { bannerSchema } from '~/lib/schemas/adminRequests';
import { notify } from '~/stores/toast';

type BannerValues = Required<Pick<BannerInput, 'message' | 'isVisible'>>;

/** The site banner as the server keeps it (sanitised), shown as every page shows it. */
function BannerPreview({ banner }: { banner: Banner | null }): ReactElement {
  return (
    <section aria-labelledby="banner-preview-title" className="space-y-2">
      <h2 id="banner-preview-title" className="font-semibold text-ink">
        Preview (sanitised, as the site shows it)
      </h2>
      {banner ? (
        <>
          <div
            className="banner-message rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
            data-testid="banner-preview"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised banner HTML (src/lib/server/platform/banner.ts)
            dangerouslySetInnerHTML={{ __html: banner.message }}
          />
          <p className="text-sm text-ink-muted">
            {banner.isVisible ? 'Visible to visitors' : 'Hidden'} · banner {banner.id}
          </p>
        </>
      ) : (
        <p className="text-ink-muted">There is no banner yet.</p>
      )}
    </section>
  );
}

/** Edits the site banner: saving makes a new banner id, so visitors who closed the old one see it again. */
export default function BannerPanel(): ReactElement {
  const [banner, setBanner] = useState<Banner | null | undefined>(undefined);
  const [form, { Form, Field }] = useForm<BannerValues>({
    initialValues: { message: '', isVisible: true },
    validate: (values) => schemaErrors(bannerSchema, values, ['message']) as FormErrors<BannerValues>,
  });

  useEffect(() => {
    void getBanner().then(
      ({ data }) => {
        setBanner(data);
        if (data) reset(form, { initialValues: { message: data.message, isVisible: data.isVisible } });
      },
      () => setBanner(null),
    );
  }, [form]);

  if (banner === undefined) return <SessionPending label="Loading the banner…" />;

  const save = async (values: Partial<BannerValues>): Promise<void> => {
    try {
      const body = await saveBanner({ message: values.message ?? '', isVisible: values.isVisible === true });
      setBanner(body.data);
      notify({ type: 'success', message: body.meta?.message || 'Banner saved.', duration: 2500 });
    } catch (error) {
      notifyStoreError(error);
    }
  };

  return (
    <div className="space-y-6">
      <Form onSubmit={save} aria-label="Site banner" className="space-y-4">
        <Field name="message">
          {(field, props) => (
            <TextAreaField
              field={field}
              props={props}
              label="Message (HTML)"
              hint="Links, bold, italics, paragraphs and line breaks are kept; anything else is removed."
              maxLength={ADMIN_LIMITS.bannerMessage}
              rows={4}
              required
            />
          )}
        </Field>
        <Field name="isVisible" type="boolean">
          {(field, props) => <CheckboxField field={field} props={props} label="Show the banner" />}
        </Field>
        <FormActions form={form} busyLabel="Saving…">
          Save banner
        </FormActions>
      </Form>
      <BannerPreview banner={banner} />
    </div>
  );
}
