/**
 * The browser's editing commands on a contentEditable region.
 * document.execCommand is deprecated in name only: every browser supports it for contentEditable,
 * and it keeps the browser's own undo history for typing, bold, italic and links.
 */
export function runEditingCommand(command: string, value?: string): void {
  document.execCommand(command, false, value);
}

/** New blocks are paragraphs and formatting is tags, not inline styles (the allow-list keeps no styles). */
export function prepareEditing(): void {
  runEditingCommand('defaultParagraphSeparator', 'p');
  runEditingCommand('styleWithCSS', 'false');
}

/** The selection's range when it lies in `editor`, else null. */
export function selectionInside(editor: HTMLElement): Range | null {
  const selection = document.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  return editor.contains(range.commonAncestorContainer) ? range : null;
}
