import { type ReactElement, useEffect, useState } from 'react';
import { useHydrated } from '~/islands/shell/useHydrated';
import { copyText } from '~/lib/browser/browserFiles';
import { m } from '~/lib/i18n';

/**
 * What a copied value is, in English: 'reference' and 'account number' are said in the page's
 * language; any other text is put into the page's words as it is given.
 */
export type CopyWhat = 'reference' | 'account number' | (string & {});

interface Props {
  /** The text copied, e.g. the account number. */
  value: string;
  /** What it is, for the button's accessible name: 'account number' → 'Copy account number'. */
  what: CopyWhat;
  /** The id of the element showing the value: selected for the donor when copying is refused. */
  targetId: string;
}

type State = 'idle' | 'copied' | 'selected';

/** How long 'Copied' shows before the button reads 'Copy' again. */
export const COPIED_MS = 2000;

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The button's name and what it tells a screen reader once copied or selected, in the page's language. */
function wordsFor(what: CopyWhat): { copy: string; copied: string; selected: string } {
  if (what === 'reference')
    return {
      copy: m.thanks_copy_reference(),
      copied: m.thanks_reference_copied(),
      selected: m.thanks_reference_selected(),
    };
  if (what === 'account number')
    return {
      copy: m.thanks_copy_account_number(),
      copied: m.thanks_account_number_copied(),
      selected: m.thanks_account_number_selected(),
    };
  return {
    copy: m.thanks_copy_what({ what }),
    copied: m.thanks_what_copied({ what: capitalised(what) }),
    selected: m.thanks_what_selected({ what: capitalised(what) }),
  };
}

function selectText(id: string): void {
  const element = document.getElementById(id);
  const selection = window.getSelection();
  if (!element || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * A small 'Copy' button beside a bank detail, for donors who paste it into a banking app.
 * It turns to 'Copied' for two seconds, and says so to screen readers. Where the browser has
 * no Clipboard API (or before JavaScript runs) there is no button: the text can be selected
 * as usual; where copying is refused, the text is selected for the donor to copy.
 */
export function CopyValueButton({ value, what, targetId }: Props): ReactElement | null {
  const hydrated = useHydrated();
  const [state, setState] = useState<State>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  if (!hydrated || typeof navigator === 'undefined' || !navigator.clipboard?.writeText) return null;

  const copy = async (): Promise<void> => {
    if (await copyText(value)) {
      setState('copied');
      return;
    }
    selectText(targetId);
    setState('selected');
  };

  const words = wordsFor(what);
  const shown =
    state === 'copied'
      ? m.thanks_copied()
      : state === 'selected'
        ? m.thanks_selected_copy_it()
        : m.thanks_copy();
  const told = state === 'copied' ? words.copied : state === 'selected' ? words.selected : '';
  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={words.copy}
        className="btn-outline inline-flex min-h-8 items-center px-2.5 py-1 font-sans text-xs"
      >
        {shown}
      </button>
      <span aria-live="polite" className="sr-only">
        {told}
      </span>
    </>
  );
}
