import type { DeleteAccountInput } from '~/lib/schemas/privacy';
import { api, type Envelope } from './index';

/** The zip `GET /users/{id}/export` answers, and the name the server gave it (docs/api/privacy.md). */
export interface DataExport {
  blob: Blob;
  fileName: string;
}

/** The signed-in user's data as a zip, fetched with their bearer token (a plain link could not carry it). */
export async function downloadMyData(userId: string): Promise<DataExport> {
  const response = await api.get(`users/${encodeURIComponent(userId)}/export`, {
    headers: { accept: 'application/zip' },
  });
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'letsema-data.zip';
  return { blob: await response.blob(), fileName };
}

/** Deletes the signed-in user's account; the password confirms it is really them. */
export const deleteMyAccount = (userId: string, input: DeleteAccountInput): Promise<Envelope<null>> =>
  api.delete(`users/${encodeURIComponent(userId)}`, { json: input }).json();
