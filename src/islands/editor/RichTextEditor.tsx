import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactElement,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { blockStateAt, normaliseBlocks, setBlock, toggleList } from './blockCommands';
import { cleanHtmlString, cleanRichText, safeHref, textToHtml } from './richText';

/**
 * A small rich-text editor for stories and updates: bold, italic, two heading
 * levels, lists, quotes and links, producing only the allow-listed HTML
 * (richText.ts). Built on contentEditable and the browser's editing commands,
 * so it costs a few kilobytes and is loaded only by the editor pages.
 */

interface Props {
  id: string;
  /** Id of the visible label. */
  labelledBy: string;
  describedBy?: string | undefined;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  placeholder?: string;
  /** Taller for a story, shorter for an update. */
  size?: 'large' | 'small';
}

type Command =
  | { kind: 'inline'; command: 'bold' | 'italic' }
  | { kind: 'block'; tag: 'h2' | 'h3' | 'blockquote' }
  | { kind: 'list'; tag: 'ul' | 'ol' }
  | { kind: 'link' }
  | { kind: 'unlink' };

interface Tool {
  key: string;
  label: string;
  shortcut?: string;
  glyph: ReactElement | string;
  command: Command;
}

const ICON = 'h-4 w-4';
const svg = (path: ReactElement): ReactElement => (
  <svg
    viewBox="0 0 24 24"
    width="16"
    height="16"
    className={ICON}
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {path}
  </svg>
);

const TOOLS: readonly Tool[] = [
  {
    key: 'bold',
    label: 'Bold',
    shortcut: 'Ctrl+B',
    glyph: <strong>B</strong>,
    command: { kind: 'inline', command: 'bold' },
  },
  {
    key: 'italic',
    label: 'Italic',
    shortcut: 'Ctrl+I',
    glyph: <em className="font-serif">I</em>,
    command: { kind: 'inline', command: 'italic' },
  },
  { key: 'h2', label: 'Heading', glyph: 'H2', command: { kind: 'block', tag: 'h2' } },
  { key: 'h3', label: 'Subheading', glyph: 'H3', command: { kind: 'block', tag: 'h3' } },
  {
    key: 'ul',
    label: 'Bulleted list',
    glyph: svg(<path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />),
    command: { kind: 'list', tag: 'ul' },
  },
  {
    key: 'ol',
    label: 'Numbered list',
    glyph: svg(<path d="M10 6h10M10 12h10M10 18h10M4 5l1-1v5M3.5 14.5a1.5 1.5 0 1 1 2.5 1L3.5 19H6" />),
    command: { kind: 'list', tag: 'ol' },
  },
  {
    key: 'quote',
    label: 'Quote',
    glyph: svg(<path d="M7 7h4v5H7zm0 5c0 3-1 4-3 5M15 7h4v5h-4zm0 5c0 3-1 4-3 5" />),
    command: { kind: 'block', tag: 'blockquote' },
  },
  {
    key: 'link',
    label: 'Add link',
    shortcut: 'Ctrl+K',
    glyph: svg(
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
    ),
    command: { kind: 'link' },
  },
  {
    key: 'unlink',
    label: 'Remove link',
    glyph: svg(<path d="M10 14a4 4 0 0 0 5.7 0l1-1M14 10a4 4 0 0 0-5.7 0l-1 1M4 4l16 16" />),
    command: { kind: 'unlink' },
  },
];

type ActiveState = Record<string, boolean>;

// document.execCommand is deprecated in name only: every browser supports it for contentEditable,
// and it keeps the browser's own undo history for typing, bold, italic and links.
function run(command: string, value?: string): void {
  document.execCommand(command, false, value);
}

function selectionInside(editor: HTMLElement): Range | null {
  const selection = document.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  return editor.contains(range.commonAncestorContainer) ? range : null;
}

function isActive(tool: Tool, editor: HTMLElement): boolean {
  const { command } = tool;
  if (command.kind === 'inline') {
    try {
      return document.queryCommandState(command.command);
    } catch {
      return false;
    }
  }
  const state = blockStateAt(editor);
  if (command.kind === 'block') return state.list === null && state.block === command.tag;
  if (command.kind === 'list') return state.list === command.tag;
  return false;
}

export function RichTextEditor({
  id,
  labelledBy,
  describedBy,
  value,
  onChange,
  onBlur,
  invalid = false,
  placeholder,
  size = 'large',
}: Props): ReactElement {
  const editor = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);
  const savedRange = useRef<Range | null>(null);
  const toolButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const linkInput = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState<ActiveState>({});
  const [focusIndex, setFocusIndex] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkText, setLinkText] = useState('');
  const [linkError, setLinkError] = useState('');
  const [empty, setEmpty] = useState(value === '');

  // The value from outside (first render, a restored draft, a reset) replaces the content;
  // the editor's own changes come back as the same value and are left alone.
  useEffect(() => {
    const element = editor.current;
    if (!element || value === emitted.current) return;
    element.innerHTML = value === '' ? '' : cleanHtmlString(value);
    emitted.current = value;
    setEmpty(value === '');
  }, [value]);

  const emit = useCallback((): void => {
    const element = editor.current;
    if (!element) return;
    const html = cleanRichText(element);
    setEmpty(html === '');
    if (html === emitted.current) return;
    emitted.current = html;
    onChange(html);
  }, [onChange]);

  const refreshActive = useCallback((): void => {
    const element = editor.current;
    if (!element || !selectionInside(element)) return;
    setActive(Object.fromEntries(TOOLS.map((tool) => [tool.key, isActive(tool, element)])));
  }, []);

  useEffect(() => {
    document.addEventListener('selectionchange', refreshActive);
    return () => document.removeEventListener('selectionchange', refreshActive);
  }, [refreshActive]);

  useEffect(() => {
    if (linkOpen) linkInput.current?.focus();
  }, [linkOpen]);

  const prepare = (): void => {
    run('defaultParagraphSeparator', 'p');
    run('styleWithCSS', 'false');
  };

  // Typing into an empty editor would leave bare text at the top; start it with a paragraph.
  const onFocus = (): void => {
    prepare();
    const element = editor.current;
    if (!element || element.firstChild) return;
    normaliseBlocks(element);
    const first = element.firstChild;
    if (first) document.getSelection()?.setBaseAndExtent(first, 0, first, 0);
  };

  const openLink = (): void => {
    const element = editor.current;
    if (!element) return;
    const range = selectionInside(element);
    savedRange.current = range ? range.cloneRange() : null;
    const anchor = range?.commonAncestorContainer.parentElement?.closest('a');
    setLinkText(anchor?.getAttribute('href') ?? '');
    setLinkError('');
    setLinkOpen(true);
  };

  const restoreSelection = (): void => {
    const element = editor.current;
    if (!element) return;
    element.focus();
    const selection = document.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
  };

  const applyLink = (): void => {
    const href = safeHref(linkText);
    if (!href) {
      setLinkError('Please enter a web address (https://…) or an email address.');
      return;
    }
    restoreSelection();
    prepare();
    const range = savedRange.current;
    if (!range || range.collapsed) {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = linkText.trim();
      run('insertHTML', link.outerHTML);
    } else {
      run('createLink', href);
    }
    setLinkOpen(false);
    emit();
  };

  const cancelLink = (): void => {
    setLinkOpen(false);
    restoreSelection();
  };

  const apply = (tool: Tool): void => {
    const element = editor.current;
    if (!element) return;
    const { command } = tool;
    if (command.kind === 'link') {
      openLink();
      return;
    }
    element.focus();
    prepare();
    // Blocks and lists are changed on the DOM (blockCommands.ts); the browser's undo does not see those.
    if (command.kind === 'inline') run(command.command);
    else if (command.kind === 'block') setBlock(element, command.tag);
    else if (command.kind === 'list') toggleList(element, command.tag);
    else run('unlink');
    emit();
    refreshActive();
  };

  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const moves: Record<string, number> = {
      ArrowRight: (focusIndex + 1) % TOOLS.length,
      ArrowLeft: (focusIndex - 1 + TOOLS.length) % TOOLS.length,
      Home: 0,
      End: TOOLS.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setFocusIndex(next);
    toolButtons.current[next]?.focus();
  };

  const onEditorKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      openLink();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>): void => {
    event.preventDefault();
    const html = event.clipboardData.getData('text/html');
    const text = event.clipboardData.getData('text/plain');
    prepare();
    run('insertHTML', html ? cleanHtmlString(html) : textToHtml(text));
    emit();
  };

  const onLinkKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') {
      event.preventDefault();
      applyLink();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancelLink();
    }
  };

  return (
    <div
      className={`rounded-md border bg-white focus-within:ring-2 focus-within:ring-brand/30 ${
        invalid ? 'border-red-600' : 'border-gray-300 focus-within:border-brand'
      }`}
    >
      <div
        role="toolbar"
        aria-label="Formatting"
        aria-controls={id}
        className="flex flex-wrap gap-1 border-b border-gray-200 bg-gray-50 p-1"
        onKeyDown={onToolbarKeyDown}
      >
        {TOOLS.map((tool, index) => (
          <button
            key={tool.key}
            ref={(element) => {
              toolButtons.current[index] = element;
            }}
            type="button"
            tabIndex={index === focusIndex ? 0 : -1}
            aria-label={tool.label}
            aria-pressed={
              tool.command.kind === 'inline' || tool.command.kind === 'block' || tool.command.kind === 'list'
                ? active[tool.key] === true
                : undefined
            }
            aria-keyshortcuts={tool.shortcut?.replace('Ctrl', 'Control')}
            title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
            className="flex h-9 min-w-9 items-center justify-center rounded px-2 text-sm text-ink hover:bg-gray-200 aria-[pressed=true]:bg-brand-light aria-[pressed=true]:text-brand-dark"
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setFocusIndex(index)}
            onClick={() => apply(tool)}
          >
            {tool.glyph}
          </button>
        ))}
      </div>
      {linkOpen ? (
        <div className="flex flex-wrap items-start gap-2 border-b border-gray-200 bg-white p-2">
          <label htmlFor={`${id}-link`} className="sr-only">
            Link address
          </label>
          <div className="min-w-0 flex-1">
            <input
              ref={linkInput}
              id={`${id}-link`}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={linkText}
              aria-invalid={linkError ? true : undefined}
              aria-describedby={linkError ? `${id}-link-error` : undefined}
              className="block w-full rounded-md border border-gray-300 px-2 py-1.5 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
              onChange={(event) => setLinkText(event.target.value)}
              onKeyDown={onLinkKeyDown}
            />
            {linkError ? (
              <p id={`${id}-link-error`} className="mt-1 text-xs text-red-700">
                {linkError}
              </p>
            ) : null}
          </div>
          <button type="button" className="btn-primary px-3 py-1.5 text-sm" onClick={applyLink}>
            Apply link
          </button>
          <button type="button" className="btn-outline px-3 py-1.5 text-sm" onClick={cancelLink}>
            Cancel
          </button>
        </div>
      ) : null}
      <div className="relative">
        {empty && placeholder ? (
          <p aria-hidden="true" className="pointer-events-none absolute left-3 top-2 text-gray-400">
            {placeholder}
          </p>
        ) : null}
        {/* biome-ignore lint/a11y/useSemanticElements: a contentEditable region is the only way to edit rich text */}
        <div
          ref={editor}
          id={id}
          role="textbox"
          tabIndex={0}
          aria-multiline="true"
          aria-labelledby={labelledBy}
          aria-describedby={describedBy}
          aria-invalid={invalid ? true : undefined}
          contentEditable
          suppressContentEditableWarning
          className={`${size === 'large' ? 'min-h-64' : 'min-h-32'} max-h-[70vh] overflow-y-auto px-3 py-2 text-base leading-relaxed text-ink focus:outline-none break-words [&_p]:my-2 [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:text-lg [&_h3]:font-semibold [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-light [&_blockquote]:pl-3 [&_blockquote]:italic [&_a]:text-brand [&_a]:underline [&_b]:font-bold [&_strong]:font-bold`}
          onInput={(_event: FormEvent<HTMLDivElement>) => emit()}
          onFocus={onFocus}
          onBlur={() => {
            emit();
            onBlur?.();
          }}
          onKeyDown={onEditorKeyDown}
          onPaste={onPaste}
          onDrop={(event) => {
            // Files belong in the image picker; dropped HTML would skip the clean-up.
            if (event.dataTransfer.files.length > 0 || event.dataTransfer.types.includes('text/html')) {
              event.preventDefault();
            }
          }}
        />
      </div>
    </div>
  );
}
