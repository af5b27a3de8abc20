import { type FormErrors, type FormStore, reset, setValue, useForm } from '@modular-forms/react';
import { type KeyboardEvent, type ReactElement, useEffect, useId, useRef, useState } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import { CheckboxField } from '~/islands/form/CheckboxField';
import { FormActions } from '~/islands/form/FormActions';
import {
  type AnyFieldStore,
  errorClass,
  inputClass,
  labelClass,
  textOf,
  useFieldState,
} from '~/islands/form/fieldParts';
import { TextAreaField } from '~/islands/form/TextAreaField';
import { schemaErrors } from '~/islands/form/validation';
import { type Banner, type BannerInput, getBanner, previewBanner, saveBanner } from '~/lib/api/admin';
import { notifyStoreError } from '~/lib/api/storeErrors';
import {
  BANNER_LINK_MESSAGE,
  boldSelection,
  isBannerLink,
  linkSelection,
  type TextSelection,
  type Wrapped,
} from '~/lib/bannerMarkup';
import { ADMIN_LIMITS } from '~/lib/schemas/admin';
import { bannerSchema } from '~/lib/schemas/adminRequests';
import { notify } from '~/stores/toast';

type BannerValues = Required<Pick<BannerInput, 'message' | 'isVisible'>>;

/** How long typing pauses before the preview asks the server again. */
const PREVIEW_DELAY_MS = 250;

/**
 * The message as the server would keep it, asked again as the admin types: the preview is the
 * server's own allow-list (POST /admin/banner/preview), never a guess made in the browser.
 */
function LivePreview({ field, saved }: { field: AnyFieldStore; saved: Banner | null }): ReactElement {
  const message = textOf(useFieldState(field).value);
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    const timer = window.setTimeout(() => {
      previewBanner(message).then(
        ({ data }) => {
          if (!cancelled) setHtml(data.message);
        },
        (error: unknown) => console.warn('The banner preview could not be made.', error),
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [message]);

  return (
    <section aria-labelledby="banner-preview-title" className="space-y-2">
      <h2 id="banner-preview-title" className="font-semibold text-ink">
        Preview (what the site will show)
      </h2>
      {html === null ? (
        <p className="text-sm text-ink-muted">Preparing the preview…</p>
      ) : html ? (
        <div
          className="banner-message rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
          data-testid="banner-preview"
          aria-live="polite"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised banner HTML (POST /admin/banner/preview)
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <p className="text-sm text-ink-muted" data-testid="banner-preview">
          Nothing to show yet.
        </p>
      )}
      <p className="text-sm text-ink-muted">
        {saved
          ? `Saved banner ${saved.id}: ${saved.isVisible ? 'visible to visitors' : 'hidden'}.`
          : 'There is no banner yet.'}
      </p>
    </section>
  );
}

/** Bold and Link: wrap the selected text of the message (Link asks for the address first). */
function MarkupToolbar({
  editor,
  apply,
}: {
  editor: () => HTMLTextAreaElement | null;
  apply: (change: (text: string, selection: TextSelection) => Wrapped) => void;
}): ReactElement {
  const [linking, setLinking] = useState<TextSelection | null>(null);
  const [href, setHref] = useState('https://');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  const selectionOf = (): TextSelection => {
    const area = editor();
    return { start: area?.selectionStart ?? 0, end: area?.selectionEnd ?? 0 };
  };
  const addLink = (): void => {
    if (!linking) return;
    if (!isBannerLink(href)) {
      setProblem(BANNER_LINK_MESSAGE);
      return;
    }
    const at = linking;
    apply((text) => linkSelection(text, at, href));
    setLinking(null);
    setProblem(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    // Enter adds the link rather than saving the banner form around it.
    if (event.key === 'Enter') {
      event.preventDefault();
      addLink();
    }
  };

  return (
    <div className="space-y-2">
      <div role="toolbar" aria-label="Format the message" className="flex gap-2">
        <button
          type="button"
          className="btn-outline px-3 py-1 font-bold"
          onClick={() => apply(boldSelection)}
          onMouseDown={(e) => e.preventDefault()}
        >
          Bold
        </button>
        <button
          type="button"
          className="btn-outline px-3 py-1 underline"
          aria-expanded={linking !== null}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => setLinking(linking ? null : selectionOf())}
        >
          Link
        </button>
      </div>
      {linking ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-60 flex-1">
            <label htmlFor={`${id}-href`} className={labelClass}>
              Link address
            </label>
            <input
              id={`${id}-href`}
              type="url"
              className={inputClass}
              value={href}
              // biome-ignore lint/a11y/noAutofocus: the admin just asked for this field by pressing Link
              autoFocus
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-href-error` : undefined}
              onChange={(e) => setHref(e.target.value)}
              onKeyDown={onKeyDown}
            />
          </div>
          <button type="button" className="btn-primary" onClick={addLink}>
            Add link
          </button>
          <button type="button" className="btn-outline" onClick={() => setLinking(null)}>
            Cancel
          </button>
          {problem ? (
            <p id={`${id}-href-error`} className={`${errorClass} w-full`} role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function useBannerEditor(form: FormStore<BannerValues, undefined>) {
  const box = useRef<HTMLDivElement>(null);
  const editor = (): HTMLTextAreaElement | null => box.current?.querySelector('textarea') ?? null;
  const apply = (change: (text: string, selection: TextSelection) => Wrapped): void => {
    const area = editor();
    if (!area) return;
    const next = change(area.value, { start: area.selectionStart, end: area.selectionEnd });
    if (next.text.length > ADMIN_LIMITS.bannerMessage) {
      notify({ type: 'error', message: 'That would make the message too long.', duration: 3000 });
      return;
    }
    setValue(form, 'message', next.text, { shouldTouched: true, shouldDirty: true });
    // After React has written the new text, select what was wrapped.
    window.requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(next.selection.start, next.selection.end);
    });
  };
  return { box, editor, apply };
}

/** The editor, made once the banner is known: its fields start from the saved banner. */
function BannerEditor({
  saved,
  onSaved,
}: {
  saved: Banner | null;
  onSaved: (banner: Banner) => void;
}): ReactElement {
  const [form, { Form, Field }] = useForm<BannerValues>({
    initialValues: { message: saved?.message ?? '', isVisible: saved?.isVisible ?? true },
    validate: (values) => schemaErrors(bannerSchema, values, ['message']) as FormErrors<BannerValues>,
  });
  const { box, editor, apply } = useBannerEditor(form);

  const save = async (values: Partial<BannerValues>): Promise<void> => {
    try {
      const body = await saveBanner({ message: values.message ?? '', isVisible: values.isVisible === true });
      reset(form, { initialValues: { message: body.data.message, isVisible: body.data.isVisible } });
      onSaved(body.data);
      notify({ type: 'success', message: body.meta?.message || 'Banner saved.', duration: 2500 });
    } catch (error) {
      notifyStoreError(error);
    }
  };

  return (
    <Form onSubmit={save} aria-label="Site banner" className="space-y-4">
      <Field name="message">
        {(field, props) => (
          <>
            <MarkupToolbar editor={editor} apply={apply} />
            <div ref={box}>
              <TextAreaField
                field={field}
                props={props}
                label="Message (HTML)"
                hint="Select words and press Bold or Link. Links, bold, italics, paragraphs and line breaks are kept; anything else is removed."
                maxLength={ADMIN_LIMITS.bannerMessage}
                rows={4}
                required
              />
            </div>
            <LivePreview field={field} saved={saved} />
          </>
        )}
      </Field>
      <Field name="isVisible" type="boolean">
        {(field, props) => <CheckboxField field={field} props={props} label="Show the banner" />}
      </Field>
      <FormActions form={form} busyLabel="Saving…">
        Save banner
      </FormActions>
    </Form>
  );
}

/** Edits the site banner: saving makes a new banner id, so visitors who closed the old one see it again. */
export default function BannerPanel(): ReactElement {
  const [banner, setBanner] = useState<Banner | null | undefined>(undefined);

  useEffect(() => {
    void getBanner().then(
      ({ data }) => setBanner(data),
      () => setBanner(null),
    );
  }, []);

  if (banner === undefined) return <SessionPending label="Loading the banner…" />;
  return <BannerEditor saved={banner} onSaved={setBanner} />;
}
