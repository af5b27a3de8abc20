import { MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES } from '~/lib/server/platform/files';
import { badRequest, type FieldErrors } from './errors';
import { readFormData, uploadTooLargeMessage } from './formData';
import type { MultipartGate } from './multipartGate';
import { assertStorableText, NUL_MESSAGE } from './nul';

/** Room for the text fields (a 20 000-character story is at most 80 KB of UTF-8) and the multipart framing. */
const TEXT_ALLOWANCE_BYTES = 1024 * 1024;

/** The largest campaign form: 10 images of 5 MB plus the text. */
export const MAX_CAMPAIGN_FORM_BYTES = 10 * MAX_IMAGE_BYTES + TEXT_ALLOWANCE_BYTES;
/** The largest update post: 5 images of 5 MB plus the text. */
export const MAX_UPDATE_FORM_BYTES = 5 * MAX_IMAGE_BYTES + TEXT_ALLOWANCE_BYTES;
/** The largest organisation form: a logo (5 MB) and a certificate (10 MB) plus the text. */
export const MAX_ORGANISATION_FORM_BYTES = MAX_IMAGE_BYTES + MAX_DOCUMENT_BYTES + TEXT_ALLOWANCE_BYTES;
/** The largest verification: 3 documents' worth (30 MB) plus the text. */
export const MAX_VERIFICATION_FORM_BYTES = 3 * MAX_DOCUMENT_BYTES + TEXT_ALLOWANCE_BYTES;

export const INVALID_JSON = 'This field must be valid JSON.';

export interface MultipartInput {
  /** Text fields, with the JSON ones parsed; a repeated name keeps its last value. */
  fields: Record<string, unknown>;
  /** Non-empty files by field name, in the order sent. */
  files: Map<string, File[]>;
}

/**
 * Reads a multipart body of at most `maxBytes` (413 beyond) into text fields
 * and files. Fields named in `jsonFields` carry JSON text: parsed here (an
 * empty one counts as absent), 400 'This field must be valid JSON.' when it is not.
 * A `gate` field must come before any file and is checked as soon as it is read.
 */
export async function readMultipart(
  request: Request,
  maxBytes: number,
  jsonFields: readonly string[] = [],
  gate?: MultipartGate,
): Promise<MultipartInput> {
  const form = await readFormData(request, maxBytes, uploadTooLargeMessage(maxBytes), gate);
  const fields: Record<string, unknown> = {};
  const files = new Map<string, File[]>();
  const errors: FieldErrors = {};
  for (const [name, value] of form.entries()) {
    // PostgreSQL refuses NUL in text: field names, values and file names are all stored or looked up.
    if ((typeof value === 'string' ? value : value.name).includes('\0') || name.includes('\0'))
      throw badRequest(NUL_MESSAGE);
    if (typeof value !== 'string') {
      if (value.size > 0) files.set(name, [...(files.get(name) ?? []), value]);
      continue;
    }
    if (!jsonFields.includes(name)) {
      fields[name] = value;
      continue;
    }
    if (value.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      errors[name] = [INVALID_JSON];
      continue;
    }
    // A \u0000 or \ud800 escape inside the JSON text becomes a NUL or a lone surrogate only once parsed.
    assertStorableText(parsed);
    fields[name] = parsed;
  }
  const [first] = Object.values(errors);
  if (first?.[0]) throw badRequest(first[0], errors);
  return { fields, files };
}

/** The files of one field, or none. */
export function filesOf(input: MultipartInput, name: string): File[] {
  return input.files.get(name) ?? [];
}
