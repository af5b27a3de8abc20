import { type RefObject, useRef, useState } from 'react';
import { prepareEditing, runEditingCommand, selectionInside } from './editingCommands';
import { safeHref } from './richText';

interface LinkPromptState {
  open: boolean;
  text: string;
  error: string;
  setText: (text: string) => void;
  /** Asks for an address, keeping the selection it will apply to; an existing link's address is offered. */
  openPrompt: () => void;
  /** Links the kept selection, or inserts the address as a link where the caret was. */
  applyLink: () => void;
  cancelLink: () => void;
}

/** Adding a link: the prompt's state and what applying it does to the editor. */
export function useLinkPrompt(editor: RefObject<HTMLDivElement | null>, emit: () => void): LinkPromptState {
  const savedRange = useRef<Range | null>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState('');

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

  const openPrompt = (): void => {
    const element = editor.current;
    if (!element) return;
    const range = selectionInside(element);
    savedRange.current = range ? range.cloneRange() : null;
    const anchor = range?.commonAncestorContainer.parentElement?.closest('a');
    setText(anchor?.getAttribute('href') ?? '');
    setError('');
    setOpen(true);
  };

  const applyLink = (): void => {
    const href = safeHref(text);
    if (!href) {
      setError('Please enter a web address (https://…) or an email address.');
      return;
    }
    restoreSelection();
    prepareEditing();
    const range = savedRange.current;
    if (!range || range.collapsed) {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = text.trim();
      runEditingCommand('insertHTML', link.outerHTML);
    } else {
      runEditingCommand('createLink', href);
    }
    setOpen(false);
    emit();
  };

  const cancelLink = (): void => {
    setOpen(false);
    restoreSelection();
  };

  return { open, text, error, setText, openPrompt, applyLink, cancelLink };
}
