/**
 * Headings, quotes and lists for the story editor, done on the DOM directly.
 * The browser's own commands (formatBlock, insertUnorderedList) nest lists in
 * paragraphs and headings around lists, and Chromium leaves the caret at the
 * start of the line; these keep one level of blocks (p, h2, h3, blockquote,
 * ul/ol > li) and put the caret back where it was. Bold, italic and links
 * still use the browser's commands, which behave.
 */

export type BlockTag = 'p' | 'h2' | 'h3' | 'blockquote';
export type ListTag = 'ul' | 'ol';

const TOP_BLOCKS = new Set(['P', 'H2', 'H3', 'BLOCKQUOTE', 'UL', 'OL']);
const RENAMED: Readonly<Record<string, string>> = { DIV: 'p', H1: 'h2', H4: 'h3', H5: 'h3', H6: 'h3' };

interface SavedSelection {
  anchorNode: Node;
  anchorOffset: number;
  focusNode: Node;
  focusOffset: number;
}

function saveSelection(editor: HTMLElement): SavedSelection | null {
  const selection = document.getSelection();
  if (!selection?.anchorNode || !selection.focusNode || !editor.contains(selection.anchorNode)) return null;
  return {
    anchorNode: selection.anchorNode,
    anchorOffset: selection.anchorOffset,
    focusNode: selection.focusNode,
    focusOffset: selection.focusOffset,
  };
}

const lengthOf = (node: Node): number =>
  node.nodeType === Node.TEXT_NODE ? (node.textContent?.length ?? 0) : node.childNodes.length;

/** Puts the selection back on the same text (text nodes survive being moved); replaced elements map to their successors. */
function restoreSelection(
  editor: HTMLElement,
  saved: SavedSelection | null,
  replaced: Map<Node, Node>,
): void {
  const selection = document.getSelection();
  if (!selection) return;
  const map = (node: Node): Node => {
    let current = node;
    while (replaced.has(current)) current = replaced.get(current) as Node;
    return current;
  };
  if (!saved || saved.anchorNode === editor) {
    const first = editor.firstElementChild;
    if (first) selection.setBaseAndExtent(first, 0, first, 0);
    return;
  }
  const anchor = map(saved.anchorNode);
  const focus = map(saved.focusNode);
  if (!editor.contains(anchor) || !editor.contains(focus)) return;
  selection.setBaseAndExtent(
    anchor,
    Math.min(saved.anchorOffset, lengthOf(anchor)),
    focus,
    Math.min(saved.focusOffset, lengthOf(focus)),
  );
}

function rename(element: Element, tag: string, replaced: Map<Node, Node>): HTMLElement {
  const next = document.createElement(tag);
  while (element.firstChild) next.appendChild(element.firstChild);
  element.replaceWith(next);
  replaced.set(element, next);
  return next;
}

/**
 * One level of blocks under the editor: loose text in paragraphs, divs as
 * paragraphs, lists out of paragraphs, paragraphs inside quotes as lines.
 */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: one pass over the editor's top-level nodes that must see each rule (loose text, divs, stray list items, quotes) in order, as the browser's contenteditable leaves them; split up, the order between the rules would be hidden.
export function normaliseBlocks(editor: HTMLElement, replaced: Map<Node, Node> = new Map()): void {
  if (!editor.firstChild) {
    const paragraph = document.createElement('p');
    paragraph.appendChild(document.createElement('br'));
    editor.appendChild(paragraph);
    return;
  }
  let run: HTMLElement | null = null;
  for (const child of Array.from(editor.childNodes)) {
    if (child instanceof Element && RENAMED[child.tagName]) {
      run = null;
      rename(child, RENAMED[child.tagName] as string, replaced);
      continue;
    }
    if (child instanceof Element && TOP_BLOCKS.has(child.tagName)) {
      run = null;
      continue;
    }
    if (!run) {
      run = document.createElement('p');
      editor.insertBefore(run, child);
    }
    run.appendChild(child);
  }
  for (const block of Array.from(editor.children)) {
    // A list inside a paragraph or heading: split the block around it.
    for (const list of Array.from(block.querySelectorAll(':scope > ul, :scope > ol'))) {
      if (block.tagName === 'UL' || block.tagName === 'OL') continue;
      const after = document.createElement(block.tagName);
      while (list.nextSibling) after.appendChild(list.nextSibling);
      block.after(list);
      if (after.textContent?.trim()) list.after(after);
      if (!block.textContent?.trim() && !block.querySelector('br')) block.remove();
    }
    if (block.tagName === 'BLOCKQUOTE') {
      for (const inner of Array.from(block.children)) {
        if (!['P', 'DIV', 'H2', 'H3'].includes(inner.tagName)) continue;
        if (inner.previousSibling) inner.before(document.createElement('br'));
        while (inner.firstChild) inner.before(inner.firstChild);
        replaced.set(inner, block);
        inner.remove();
      }
    }
  }
}

/** The line (top-level block or list item) holding a boundary point. */
function lineAt(editor: HTMLElement, container: Node, offset: number): Element | null {
  let node: Node | null =
    container === editor
      ? (editor.childNodes[Math.min(offset, editor.childNodes.length - 1)] ?? null)
      : container;
  while (node && node !== editor) {
    if (node instanceof Element && (node.tagName === 'LI' || node.parentNode === editor)) {
      if (node.tagName === 'UL' || node.tagName === 'OL') return node.querySelector('li');
      return node;
    }
    node = node.parentNode;
  }
  return null;
}

/** The lines the selection touches, in document order. */
function selectedLines(editor: HTMLElement): Element[] {
  const selection = document.getSelection();
  if (!selection || selection.rangeCount === 0) return [];
  const range = selection.getRangeAt(0);
  if (!editor.contains(range.commonAncestorContainer)) return [];
  const start = lineAt(editor, range.startContainer, range.startOffset);
  const end = lineAt(editor, range.endContainer, range.endOffset) ?? start;
  const all = Array.from(
    editor.querySelectorAll(':scope > p, :scope > h2, :scope > h3, :scope > blockquote, li'),
  );
  const from = start ? all.indexOf(start) : -1;
  const to = end ? all.indexOf(end) : -1;
  return from === -1 ? [] : all.slice(from, Math.max(from, to) + 1);
}

/** Takes a list item out of its list as a block of `tag`, splitting the list around it. */
function liftItem(item: Element, tag: string, replaced: Map<Node, Node>): HTMLElement {
  const list = item.parentElement as HTMLElement;
  const rest = document.createElement(list.tagName);
  while (item.nextSibling) rest.appendChild(item.nextSibling);
  const block = document.createElement(tag);
  while (item.firstChild) block.appendChild(item.firstChild);
  replaced.set(item, block);
  item.remove();
  list.after(block);
  if (rest.children.length > 0) block.after(rest);
  if (list.children.length === 0) list.remove();
  return block;
}

function mergeWithNeighbours(list: Element): void {
  const previous = list.previousElementSibling;
  if (previous?.tagName === list.tagName) {
    while (list.firstChild) previous.appendChild(list.firstChild);
    list.remove();
    list = previous;
  }
  const next = list.nextElementSibling;
  if (next?.tagName === list.tagName) {
    while (next.firstChild) list.appendChild(next.firstChild);
    next.remove();
  }
}

/** Heading, subheading or quote for the selected lines; again on lines that already are one: back to paragraphs. */
export function setBlock(editor: HTMLElement, tag: BlockTag): void {
  const saved = saveSelection(editor);
  const replaced = new Map<Node, Node>();
  normaliseBlocks(editor, replaced);
  restoreSelection(editor, saved, replaced);
  const lines = selectedLines(editor);
  const target = lines.length > 0 && lines.every((line) => line.tagName.toLowerCase() === tag) ? 'p' : tag;
  for (const line of lines) {
    if (line.tagName === 'LI') liftItem(line, target, replaced);
    else if (line.tagName.toLowerCase() !== target) rename(line, target, replaced);
  }
  restoreSelection(editor, saved, replaced);
}

/** A bulleted or numbered list of the selected lines; again on such a list: back to paragraphs. */
export function toggleList(editor: HTMLElement, tag: ListTag): void {
  const saved = saveSelection(editor);
  const replaced = new Map<Node, Node>();
  normaliseBlocks(editor, replaced);
  restoreSelection(editor, saved, replaced);
  const lines = selectedLines(editor);
  if (lines.length === 0) return;
  const upper = tag.toUpperCase();
  if (lines.every((line) => line.tagName === 'LI' && line.parentElement?.tagName === upper)) {
    for (const line of lines) liftItem(line, 'p', replaced);
  } else if (lines.every((line) => line.tagName === 'LI')) {
    const lists = new Set(lines.map((line) => line.parentElement as Element));
    for (const list of lists) mergeWithNeighbours(rename(list, tag, replaced));
  } else {
    const blocks = lines.map((line) => (line.tagName === 'LI' ? liftItem(line, 'p', replaced) : line));
    const list = document.createElement(tag);
    blocks[0]?.before(list);
    for (const block of blocks) {
      const item = document.createElement('li');
      while (block.firstChild) item.appendChild(block.firstChild);
      replaced.set(block, item);
      block.remove();
      list.appendChild(item);
    }
    mergeWithNeighbours(list);
  }
  restoreSelection(editor, saved, replaced);
}

/** The block kind and list kind at the caret, for the toolbar's pressed states. */
export function blockStateAt(editor: HTMLElement): { block: string; list: ListTag | null } {
  const node = document.getSelection()?.anchorNode ?? null;
  let element: Node | null = node;
  let list: ListTag | null = null;
  let block = 'p';
  while (element && element !== editor) {
    if (element instanceof Element) {
      if (!list && (element.tagName === 'UL' || element.tagName === 'OL'))
        list = element.tagName === 'UL' ? 'ul' : 'ol';
      if (element.parentNode === editor) block = element.tagName.toLowerCase();
    }
    element = element.parentNode;
  }
  return { block, list };
}
