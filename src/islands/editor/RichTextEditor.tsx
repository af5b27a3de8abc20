import {
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactElement,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { normaliseBlocks, setBlock, toggleList } from './blockCommands';
import { prepareEditing, runEditingCommand, selectionInside } from './editingCommands';
import { FormattingToolbar } from './FormattingToolbar';
import { FORMATTING_TOOLS, type FormattingTool, isToolActive } from './formattingTools';
import { LinkPrompt } from './LinkPrompt';
import { cleanHtmlString, cleanRichText, textToHtml } from './richText';
import { useLinkPrompt } from './useLinkPrompt';

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

const CONTENT_CLASS =
  'max-h-[70vh] overflow-y-auto px-3 py-2 text-base leading-relaxed text-ink focus:outline-none break-words [&_p]:my-2 [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:text-lg [&_h3]:font-semibold [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-light [&_blockquote]:pl-3 [&_blockquote]:italic [&_a]:text-brand [&_a]:underline [&_b]:font-bold [&_strong]:font-bold';

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
  const [active, setActive] = useState<Record<string, boolean>>({});
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
    setActive(Object.fromEntries(FORMATTING_TOOLS.map((tool) => [tool.key, isToolActive(tool, element)])));
  }, []);

  useEffect(() => {
    document.addEventListener('selectionchange', refreshActive);
    return () => document.removeEventListener('selectionchange', refreshActive);
  }, [refreshActive]);

  const link = useLinkPrompt(editor, emit);

  // Typing into an empty editor would leave bare text at the top; start it with a paragraph.
  const onFocus = (): void => {
    prepareEditing();
    const element = editor.current;
    if (!element || element.firstChild) return;
    normaliseBlocks(element);
    const first = element.firstChild;
    if (first) document.getSelection()?.setBaseAndExtent(first, 0, first, 0);
  };

  const apply = (tool: FormattingTool): void => {
    const element = editor.current;
    if (!element) return;
    const { command } = tool;
    if (command.kind === 'link') {
      link.openPrompt();
      return;
    }
    element.focus();
    prepareEditing();
    // Blocks and lists are changed on the DOM (blockCommands.ts); the browser's undo does not see those.
    if (command.kind === 'inline') runEditingCommand(command.command);
    else if (command.kind === 'block') setBlock(element, command.tag);
    else if (command.kind === 'list') toggleList(element, command.tag);
    else runEditingCommand('unlink');
    emit();
    refreshActive();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      link.openPrompt();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>): void => {
    event.preventDefault();
    const html = event.clipboardData.getData('text/html');
    const text = event.clipboardData.getData('text/plain');
    prepareEditing();
    runEditingCommand('insertHTML', html ? cleanHtmlString(html) : textToHtml(text));
    emit();
  };

  return (
    <div
      className={`rounded-md border bg-white focus-within:ring-2 focus-within:ring-brand/30 ${
        invalid ? 'border-red-600' : 'border-gray-300 focus-within:border-brand'
      }`}
    >
      <FormattingToolbar editorId={id} active={active} onApply={apply} />
      {link.open ? (
        <LinkPrompt
          editorId={id}
          value={link.text}
          error={link.error}
          onChange={link.setText}
          onApply={link.applyLink}
          onCancel={link.cancelLink}
        />
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
          className={`${size === 'large' ? 'min-h-64' : 'min-h-32'} ${CONTENT_CLASS}`}
          onInput={emit}
          onFocus={onFocus}
          onBlur={() => {
            emit();
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
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
