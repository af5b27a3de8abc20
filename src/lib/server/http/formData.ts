import { badRequest, HttpError } from './errors';
import { boundaryOf, type MultipartGate, MultipartGateScanner } from './multipartGate';

/** Room for the multipart boundaries and headers around a file: add it to a file's own limit. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

const NOT_MULTIPART = 'Expected a multipart form.';

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** The 413 message of an upload of at most `maxBytes`, the same whether the middleware or the reader refuses it. */
export function uploadTooLargeMessage(maxBytes: number): string {
  return `The upload is too large. The maximum is ${megabytes(maxBytes)}.`;
}

/** The 413 message of a profile picture (PATCH /users/{id}/image). */
export const IMAGE_TOO_LARGE = 'The image is too large. The maximum is 5 MB.';

/**
 * Reads a multipart/form-data body of at most `maxBytes` (the whole body,
 * not one file). Throws 413 as soon as the declared or streamed length passes
 * the limit, and 400 'Expected a multipart form.' for anything else. With a `gate`, its field
 * is checked as soon as it has streamed in, before any file part is read (multipartGate.ts):
 * its error stops the reading.
 */
export async function readFormData(
  request: Request,
  maxBytes: number,
  tooLargeMessage = uploadTooLargeMessage(maxBytes),
  gate?: MultipartGate,
): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;.*\bboundary=/i.test(contentType)) throw badRequest(NOT_MULTIPART);
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) throw new HttpError(413, tooLargeMessage);
  const boundary = boundaryOf(contentType);
  const scanner = gate && boundary ? new MultipartGateScanner(boundary, gate) : null;
  const body = await readLimited(request, maxBytes, tooLargeMessage, scanner);
  try {
    return await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest(NOT_MULTIPART);
  }
}

async function readLimited(
  request: Request,
  maxBytes: number,
  tooLargeMessage: string,
  scanner: MultipartGateScanner | null,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, tooLargeMessage);
    }
    chunks.push(value);
    if (scanner && !scanner.done) {
      try {
        await scanner.feed(value);
      } catch (error) {
        await reader.cancel().catch(() => undefined);
        throw error;
      }
    }
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The named file of a form, or null when the field is missing, is text, or is an empty file input. */
export function fileField(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value instanceof File && (value.size > 0 || value.name !== '') ? value : null;
}

/** A file's bytes, as the files service takes them. */
export async function bytesOf(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}
