import type { ReactElement } from 'react';
import { Icon } from '~/islands/ui/Icon';
import { blockStateAt } from './blockCommands';

type Command =
  | { kind: 'inline'; command: 'bold' | 'italic' }
  | { kind: 'block'; tag: 'h2' | 'h3' | 'blockquote' }
  | { kind: 'list'; tag: 'ul' | 'ol' }
  | { kind: 'link' }
  | { kind: 'unlink' };

export interface FormattingTool {
  key: string;
  label: string;
  shortcut?: string;
  glyph: ReactElement | string;
  command: Command;
}

const outline = (d: string): ReactElement => (
  <Icon size={16} className="h-4 w-4">
    <path d={d} />
  </Icon>
);

export const FORMATTING_TOOLS: readonly FormattingTool[] = [
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
    glyph: outline('M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01'),
    command: { kind: 'list', tag: 'ul' },
  },
  {
    key: 'ol',
    label: 'Numbered list',
    glyph: outline('M10 6h10M10 12h10M10 18h10M4 5l1-1v5M3.5 14.5a1.5 1.5 0 1 1 2.5 1L3.5 19H6'),
    command: { kind: 'list', tag: 'ol' },
  },
  {
    key: 'quote',
    label: 'Quote',
    glyph: outline('M7 7h4v5H7zm0 5c0 3-1 4-3 5M15 7h4v5h-4zm0 5c0 3-1 4-3 5'),
    command: { kind: 'block', tag: 'blockquote' },
  },
  {
    key: 'link',
    label: 'Add link',
    shortcut: 'Ctrl+K',
    glyph: outline(
      'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
    ),
    command: { kind: 'link' },
  },
  {
    key: 'unlink',
    label: 'Remove link',
    glyph: outline('M10 14a4 4 0 0 0 5.7 0l1-1M14 10a4 4 0 0 0-5.7 0l-1 1M4 4l16 16'),
    command: { kind: 'unlink' },
  },
];

/** Tools that show whether they apply at the caret (a toggle); link and unlink are plain actions. */
export function isToggle(tool: FormattingTool): boolean {
  return tool.command.kind === 'inline' || tool.command.kind === 'block' || tool.command.kind === 'list';
}

/** Whether the tool's formatting applies where the caret is in `editor`. */
export function isToolActive(tool: FormattingTool, editor: HTMLElement): boolean {
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
