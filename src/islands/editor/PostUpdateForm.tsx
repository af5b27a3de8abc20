import { type FormErrors, reset, setValue, useForm } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactElement, useCallback, useState } from 'react';
import { FormNotice } from '~/islands/form/FormNotice';
import { errorClass, hintClass, labelClass, OptionalMark } from '~/islands/form/fieldParts';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { applyServerErrors, schemaErrors } from '~/islands/form/validation';
import type { OwnerCampaign } from '~/lib/api/campaigns';
import { campaignHref } from '~/lib/campaignDisplay';
import {
  CAMPAIGN_UPDATE_LIMITS,
  CAMPAIGN_UPDATE_MESSAGES,
  campaignUpdatePostSchema,
} from '~/lib/schemas/campaignUpdate';
import { campaignPathOf } from '~/stores/campaignCreation';
import { postUpdate } from './campaignActions';
import type { EditorImage } from './campaignValues';
import { ImagePicker } from './ImagePicker';
import { RichTextEditor } from './RichTextEditor';
import { VideoLinkFields } from './VideoLinkFields';

type UpdateValues = { description: string; videos: string[] };

const EMPTY: UpdateValues = { description: '', videos: [] };

function DescriptionEditor({
  field,
  onChange,
}: {
  field: { value: { value: string | null | undefined }; error: { value: string } };
  onChange: (html: string) => void;
}): ReactElement {
  useSignals();
  const error = field.error.value;
  return (
    <div>
      <p id="update-description-label" className={labelClass}>
        Your update
      </p>
      <p id="update-description-hint" className={`${hintClass} mb-2`}>
        News for your donors: progress, thanks, what the money has done. Up to{' '}
        {CAMPAIGN_UPDATE_LIMITS.description.toLocaleString('en-ZA')} characters.
      </p>
      <RichTextEditor
        id="field-description"
        labelledBy="update-description-label"
        describedBy={`update-description-hint${error ? ' update-description-error' : ''}`}
        value={field.value.value ?? ''}
        onChange={onChange}
        invalid={error !== ''}
        size="small"
      />
      {error ? (
        <p id="update-description-error" className={errorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Post an update (text, images, videos): POST /campaigns/campaign-updates → 'Updated posted successfully.' */
export function PostUpdateForm({ campaign }: { campaign: OwnerCampaign }): ReactElement {
  useSignals();
  const [images, setImages] = useState<EditorImage[]>([]);
  const [posted, setPosted] = useState(0);
  const [form, { Form, Field }] = useForm<UpdateValues>({
    initialValues: EMPTY,
    validate: (values) =>
      schemaErrors(campaignUpdatePostSchema, { ...values, campaignId: campaign.id }, [
        'description',
        ...(values.videos ?? []).map((_, i) => `videos.${i}`),
      ]) as FormErrors<UpdateValues>,
  });

  const onDescription = useCallback(
    (html: string) => setValue(form, 'description', html, { shouldTouched: true, shouldDirty: true }),
    [form],
  );

  const onSubmit = async (values: UpdateValues): Promise<void> => {
    const links = values.videos ?? [];
    // Empty link inputs are not sent; the server numbers the videos it received.
    const sent = links.flatMap((link, index) => (link.trim() === '' ? [] : [index]));
    const result = await postUpdate(campaign.id, {
      description: values.description,
      videos: sent.map((index) => (links[index] ?? '').trim()),
      images: images.flatMap((image) => (image.kind === 'new' ? [image.file] : [])),
    });
    if (!result.ok) {
      const errors = Object.fromEntries(
        Object.entries(result.fieldErrors ?? {}).map(([path, messages]) => {
          const [head, index] = path.split('.');
          return [
            head === 'videos' && index !== undefined ? `videos.${sent[Number(index)]}` : path,
            messages,
          ];
        }),
      );
      applyServerErrors(form, errors, ['description', ...links.map((_, i) => `videos.${i}`)]);
      return;
    }
    for (const image of images) if (image.kind === 'new') URL.revokeObjectURL(image.previewUrl);
    setImages([]);
    reset(form, { initialValues: EMPTY });
    setPosted((n) => n + 1);
  };

  const path = campaignPathOf(campaign.url);

  return (
    <Form onSubmit={onSubmit} className="space-y-5" aria-label="Post an update">
      {posted > 0 ? (
        <FormNotice tone="success">
          Your update is on your campaign page.{' '}
          {campaign.published ? (
            <a href={`${campaignHref(path)}#updates`} className="font-semibold underline">
              See it there
            </a>
          ) : (
            'Donors will see it once the campaign is launched.'
          )}
        </FormNotice>
      ) : null}
      <Field name="description">
        {(field) => <DescriptionEditor key={posted} field={field} onChange={onDescription} />}
      </Field>
      <section aria-labelledby="update-images-title" className="space-y-2">
        <h3 id="update-images-title" className="font-semibold text-ink">
          Images
          <OptionalMark />
        </h3>
        <ImagePicker
          id="update-images"
          images={images}
          onChange={setImages}
          max={CAMPAIGN_UPDATE_LIMITS.images}
          label="Add images"
          error={undefined}
        />
      </section>
      <VideoLinkFields
        form={form}
        max={CAMPAIGN_UPDATE_LIMITS.videos}
        legend="Videos"
        optional
        fullText={CAMPAIGN_UPDATE_MESSAGES.videosMax}
      />
      <SubmitButton form={form} busyLabel="Posting…" className="btn-primary disabled:opacity-60">
        Post update
      </SubmitButton>
    </Form>
  );
}
