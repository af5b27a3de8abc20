import { Field, FieldArray, type FormStore, insert, remove } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement, ReactNode } from 'react';
import { hintClass, OptionalMark } from '~/islands/form/fieldParts';
import { RemovableRow } from '~/islands/form/RemovableRow';
import { TextField } from '~/islands/form/TextField';

interface Props {
  /** A form whose values hold the links as `videos: string[]`. */
  // biome-ignore lint/suspicious/noExplicitAny: modular-forms cannot type paths of "any form with a videos list"; both forms have one.
  form: FormStore<any, undefined>;
  max: number;
  /** Names the list as a fieldset; without it the caller's heading names it. */
  legend?: string;
  /** The links may be left out: the legend says "(optional)". */
  optional?: boolean;
  inputMode?: 'text';
  /** Under each link, e.g. which video it points at; reads the link's signal. */
  hint?: (link: { value: { value: string | null | undefined } }) => ReactNode;
  /** Shown instead of the add button once there are `max` links. */
  fullText?: string;
}

/** The editable list of video links of a campaign or an update: one input per link, Remove beside it, then Add. */
export function VideoLinkFields({
  form,
  max,
  legend,
  optional = false,
  inputMode,
  hint,
  fullText,
}: Props): ReactElement {
  useSignals();
  return (
    <FieldArray of={form} name="videos">
      {(fieldArray) => {
        const rows = (
          <>
            {legend ? (
              <legend className="font-semibold text-ink">
                {legend}
                {optional ? <OptionalMark /> : null}
              </legend>
            ) : null}
            {fieldArray.items.value.map((item, index) => (
              <RemovableRow
                key={item}
                what={`video link ${index + 1}`}
                onRemove={() => remove(form, 'videos', { at: index })}
              >
                <Field of={form} name={`videos.${index}`}>
                  {(field, props) => (
                    <TextField
                      field={field}
                      props={props}
                      label={`Video link ${index + 1}`}
                      type="url"
                      {...(inputMode ? { inputMode } : {})}
                      required
                      hint={hint?.(field)}
                    />
                  )}
                </Field>
              </RemovableRow>
            ))}
            {fieldArray.items.value.length < max ? (
              <button
                type="button"
                className="btn-outline"
                onClick={() => insert(form, 'videos', { value: '' })}
              >
                Add a video link
              </button>
            ) : fullText ? (
              <p className={hintClass}>{fullText}</p>
            ) : null}
          </>
        );
        return legend ? (
          <fieldset className="space-y-3">{rows}</fieldset>
        ) : (
          <div className="space-y-3">{rows}</div>
        );
      }}
    </FieldArray>
  );
}
