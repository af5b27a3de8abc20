import { type ReactElement, useState } from 'react';
import { useRovingFocus } from '~/islands/shell/useRovingFocus';
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
  const [focusIndex, setFocusIndex] = useState(0);
  const roving = useRovingFocus(FORMATTING_TOOLS.length, focusIndex, setFocusIndex);

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={editorId}
      className="flex flex-wrap gap-1 border-b border-gray-200 bg-gray-50 p-1"
      onKeyDown={roving.onKeyDown}
    >
      {FORMATTING_TOOLS.map((tool, index) => (
        <button
          key={tool.key}
          {...roving.itemProps(index)}
          type="button"
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
