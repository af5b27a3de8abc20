/**
 * The story editor's HTML, reduced in the browser to the allow-list the
 * server keeps (docs/api/campaigns.md: p, br, strong, em, u, s, h2, h3, ul,
 * ol, li, blockquote, a[href http/https/mailto]). The server sanitises again;
 * this keeps what the owner sees equal to what will be saved, and turns what
 * contentEditable makes (b, i, div, span, styles) into that.
 */

const INLINE: Readonly<Record<string, string>> = {
  STRONG: 'strong',
  B: 'strong',
  EM: 'em',
  I: 'em',
  U: 'u',
  S: 's',
  STRIKE: 's',
  DEL: 's',
};

const BLOCK: Readonly<Record<string, string>> = {
  P: 'p',
  DIV: 'p',
  H1: 'h2',
  H2: 'h2',
  H3: 'h3',
  H4: 'h3',
  H5: 'h3',
  H6: 'h3',
  BLOCKQUOTE: 'blockquote',
  UL: 'ul',
  OL: 'ol',
  LI: 'li',
};

const DROPPED_WHOLE = new Set([
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'NOSCRIPT',
  'SVG',
  'MATH',
  'HEAD',
  'TITLE',
  'META',
  'LINK',
]);

/** An http(s) or mailto link as typed ('example.org' gets https://); null for anything else. */
export function safeHref(raw: string): string | null {
  const text = raw.trim();
  if (text === '') return null;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(text)
    ? text
    : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)
      ? `mailto:${text}`
      : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

type Context = 'root' | 'block' | 'list' | 'inline';

function cleanChildren(source: Node, target: Node, doc: Document, context: Context): void {
  for (const child of Array.from(source.childNodes)) cleanNode(child, target, doc, context);
}

// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: the paste cleaner's one walk: each branch is one kind of node in one context (text, allowed tag, unwrapped tag, dropped tag), and the rules read best side by side, as sanitize-html's own walk does.
function cleanNode(node: Node, target: Node, doc: Document, context: Context): void {
  if (node.nodeType === Node.TEXT_NODE) {
    if (context === 'list') {
      if ((node.textContent ?? '').trim() === '') return;
      const li = doc.createElement('li');
      li.textContent = node.textContent;
      target.appendChild(li);
      return;
    }
    target.appendChild(doc.createTextNode(node.textContent ?? ''));
    return;
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return;
  const element = node as Element;
  const tag = element.tagName.toUpperCase();
  if (DROPPED_WHOLE.has(tag)) return;
  if (tag === 'BR') {
    if (context !== 'list') target.appendChild(doc.createElement('br'));
    return;
  }
  if (tag === 'A') {
    const href = safeHref(element.getAttribute('href') ?? '');
    if (!href) {
      cleanChildren(element, target, doc, context);
      return;
    }
    const link = doc.createElement('a');
    link.setAttribute('href', href);
    link.setAttribute('rel', 'noopener noreferrer nofollow');
    cleanChildren(element, link, doc, 'inline');
    target.appendChild(link);
    return;
  }
  const inline = INLINE[tag];
  if (inline) {
    const copy = doc.createElement(inline);
    cleanChildren(element, copy, doc, 'inline');
    if (copy.childNodes.length > 0) target.appendChild(copy);
    return;
  }
  const block = BLOCK[tag];
  // Blocks inside inline text or a paragraph are flattened: only their text and emphasis stay.
  if (!block || context === 'inline' || (context === 'block' && block !== 'ul' && block !== 'ol')) {
    cleanChildren(element, target, doc, context);
    return;
  }
  if (block === 'li') {
    const li = doc.createElement('li');
    cleanChildren(element, li, doc, 'block');
    if (context === 'list') target.appendChild(li);
    else for (const child of Array.from(li.childNodes)) target.appendChild(child);
    return;
  }
  if (context === 'list') {
    // A list inside a list item's sibling position: keep nested lists, flatten other blocks.
    if (block === 'ul' || block === 'ol') {
      const last = target.lastChild;
      const list = doc.createElement(block);
      cleanChildren(element, list, doc, 'list');
      if (list.childNodes.length > 0)
        (last instanceof Element && last.tagName === 'LI' ? last : target).appendChild(list);
      return;
    }
    cleanChildren(element, target, doc, 'list');
    return;
  }
  const copy = doc.createElement(block);
  cleanChildren(
    element,
    copy,
    doc,
    block === 'ul' || block === 'ol' ? 'list' : block === 'blockquote' ? 'root' : 'block',
  );
  if (copy.childNodes.length > 0) target.appendChild(copy);
}

/** Wraps loose inline content at the top level in paragraphs, so the story is only blocks. */
function wrapLooseInline(container: Element, doc: Document): void {
  let paragraph: HTMLElement | null = null;
  for (const child of Array.from(container.childNodes)) {
    const isBlock =
      child instanceof Element && ['P', 'H2', 'H3', 'UL', 'OL', 'BLOCKQUOTE'].includes(child.tagName);
    if (isBlock) {
      paragraph = null;
      if (child.tagName === 'BLOCKQUOTE') wrapLooseInline(child, doc);
      continue;
    }
    if (child.nodeName === 'BR' && !paragraph) {
      child.remove();
      continue;
    }
    if (!paragraph) {
      if (child.nodeType === Node.TEXT_NODE && (child.textContent ?? '').trim() === '') {
        child.remove();
        continue;
      }
      paragraph = doc.createElement('p');
      container.insertBefore(paragraph, child);
    }
    paragraph.appendChild(child);
  }
}

/** Removes paragraphs and headings with no text (what an emptied editor leaves: <p><br></p>). */
function dropEmptyBlocks(container: Element): void {
  for (const block of Array.from(container.querySelectorAll('p, h2, h3, li, blockquote'))) {
    if ((block.textContent ?? '').trim() === '') block.remove();
  }
  for (const list of Array.from(container.querySelectorAll('ul, ol'))) {
    if (list.children.length === 0) list.remove();
  }
}

/** Allow-listed HTML of `source`'s children; '' when there is no text. */
export function cleanRichText(source: Node, doc: Document = document): string {
  const container = doc.createElement('div');
  cleanChildren(source, container, doc, 'root');
  wrapLooseInline(container, doc);
  dropEmptyBlocks(container);
  return (container.textContent ?? '').trim() === '' ? '' : container.innerHTML;
}

/** Allow-listed HTML of an HTML string, parsed in an inert document (no scripts run, nothing loads). */
export function cleanHtmlString(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  return cleanRichText(parsed.body, document);
}

/** Plain text as paragraphs (blank lines split paragraphs, single line breaks stay). */
export function textToHtml(text: string, doc: Document = document): string {
  const container = doc.createElement('div');
  for (const part of text.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    if (part.trim() === '') continue;
    const paragraph = doc.createElement('p');
    part.split('\n').forEach((line, index) => {
      if (index > 0) paragraph.appendChild(doc.createElement('br'));
      paragraph.appendChild(doc.createTextNode(line));
    });
    container.appendChild(paragraph);
  }
  return container.innerHTML;
}

/** The readable length of the story (what "at least 50 characters" counts). */
export function textLengthOf(html: string): number {
  if (html === '') return 0;
  const parsed = new DOMParser().parseFromString(
    html.replace(/<(br|\/p|\/li|\/h[23]|\/blockquote)\b[^>]*>/gi, ' $&'),
    'text/html',
  );
  return (parsed.body.textContent ?? '').replace(/\s+/g, ' ').trim().length;
}
