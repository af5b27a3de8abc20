import { describe, expect, it } from 'vitest';
import { HttpError } from '~/lib/server/http/errors';
import { fileField, readFormData } from '~/lib/server/http/formData';

function multipart(form: FormData): Promise<Request> {
  // Let the platform write the boundary, then replay it as a fresh request.
  const encoded = new Request('http://x/', { method: 'POST', body: form });
  return encoded.arrayBuffer().then(
    (body) =>
      new Request('http://x/upload', {
        method: 'POST',
        body,
        headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
      }),
  );
}

function streamed(bytes: Uint8Array, contentType: string): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 1024) controller.enqueue(bytes.slice(i, i + 1024));
      controller.close();
    },
  });
  return new Request('http://x/upload', {
    method: 'POST',
    body,
    headers: { 'content-type': contentType },
    duplex: 'half',
  } as RequestInit);
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('readFormData', () => {
  it('reads a multipart form and its file', async () => {
    const form = new FormData();
    form.set('image', new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' }));
    form.set('caption', 'Hello');
    const read = await readFormData(await multipart(form), 10_000);
    const file = fileField(read, 'image');
    expect(file?.name).toBe('me.png');
    expect(new Uint8Array(await (file as File).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(fileField(read, 'caption')).toBeNull();
    expect(fileField(read, 'missing')).toBeNull();
  });

  it('treats an empty file input as no file', async () => {
    const form = new FormData();
    form.set('image', new File([], ''));
    expect(fileField(await readFormData(await multipart(form), 10_000), 'image')).toBeNull();
  });

  it('refuses other content types with 400', async () => {
    const json = new Request('http://x/', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    const error = await failure(readFormData(json, 10_000));
    expect([error.status, error.message]).toEqual([400, 'Expected a multipart form.']);
    const broken = streamed(new TextEncoder().encode('garbage'), 'multipart/form-data; boundary=abc');
    expect((await failure(readFormData(broken, 10_000))).status).toBe(400);
  });

  it('refuses a declared length over the limit with 413 before reading', async () => {
    const form = new FormData();
    form.set('image', new File([new Uint8Array(5000)], 'big.png'));
    const request = await multipart(form);
    // The body itself is within the limit: only the declared length can refuse it.
    const headers = { ...Object.fromEntries(request.headers), 'content-length': '999999' };
    const declared = new Request(request, { headers });
    expect(declared.headers.get('content-length')).toBe('999999');
    const error = await failure(readFormData(declared, 8000, 'The image is too large. The maximum is 5 MB.'));
    expect([error.status, error.message]).toEqual([413, 'The image is too large. The maximum is 5 MB.']);
  });

  it('refuses a streamed body that grows past the limit with 413', async () => {
    const request = streamed(new Uint8Array(3 * 1024 * 1024), 'multipart/form-data; boundary=abc');
    const error = await failure(readFormData(request, 2 * 1024 * 1024));
    expect([error.status, error.message]).toEqual([413, 'The upload is too large. The maximum is 2 MB.']);
  });
});
