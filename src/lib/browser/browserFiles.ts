/**
 * Browser-only helpers for what a page hands the visitor: text to the clipboard, a fetched file
 * to the downloads. (Downloads that need the bearer token cannot be plain links.)
 */

/** Copies with the Clipboard API; false where it is missing or refused (the caller then selects the text). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Saves a fetched file under `fileName`, as a link with `download` would. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download; the object URL is no longer needed.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
