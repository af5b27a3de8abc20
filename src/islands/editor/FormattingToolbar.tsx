import { type KeyboardEvent, type ReactElement, useRef, useState } from 'react';
import { FORMATTING_TOOLS, type FormattingTool, isToggle } from './formattingTools';

interface Props {
  /** Id of the editor the toolbar formats. */
  editorId: string;
  /** Tool key → whether its formatting applies at the caret. */
  active: Readonly<Record<string, boolean>>;
  onApply: (tool: FormattingTool) => void;
}

/** The editor's toolbar: one tab stop, arrow keys (and Home, End) move between the tools. */
export function FormattingToolbar({ editorId, active, onApply }: Props): ReactElement {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [focusIndex, setFocusIndex] = useState(0);
  const count = FORMATTING_TOOLS.length;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const moves: Record<string, number> = {
      ArrowRight: (focusIndex + 1) % count,
      ArrowLeft: (focusIndex - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={editorId}
      className="flex flex-wrap gap-1 border-b border-gray-200 bg-gray-50 p-1"
      onKeyDown={onKeyDown}
    >
      {FORMATTING_TOOLS.map((tool, index) => (
        <button
          key={tool.key}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          tabIndex={index === focusIndex ? 0 : -1}
          aria-label={tool.label}
          aria-pressed={isToggle(tool) ? active[tool.key] === true : undefined}
          aria-keyshortcuts={tool.shortcut?.replace('Ctrl', 'Control')}
          title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
          className="flex h-9 min-w-9 items-center justify-center rounded px-2 text-sm text-ink hover:bg-gray-200 aria-[pressed=true]:bg-brand-light aria-[pressed=true]:text-brand-dark"
          // Keeps the editor's selection: the tool applies to it.
          onMouseDown={(event) => event.preventDefault()}
          onFocus={() => setFocusIndex(index)}
          onClick={() => onApply(tool)}
        >
          {tool.glyph}
        </button>
      ))}
    </div>
  );
}
