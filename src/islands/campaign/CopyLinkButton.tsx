import { type ReactElement, useId, useRef } from 'react';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { useHydrated } from '~/islands/shell/useHydrated';
import { copyText } from '~/lib/browser/browserFiles';
import { m } from '~/lib/i18n';
import { notify } from '~/stores/toast';

interface Props {
  url: string;
}

/** The English words; the toasts say them in the page's language (campaign_link_copied, campaign_link_not_copied). */
export const LINK_COPIED = 'Link copied';
export const LINK_NOT_COPIED = 'Could not copy the link. Select it and copy it yourself.';

function CopyLink({ url }: Props): ReactElement {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const copy = async (): Promise<void> => {
    const copied = await copyText(url);
    if (!copied) input.current?.select();
    notify(
      copied
        ? { type: 'success', message: m.campaign_link_copied(), duration: 2000 }
        : { type: 'error', message: m.campaign_link_not_copied(), duration: 3000 },
    );
  };

  // Without JavaScript the link stays in a read-only field, ready to be selected and copied by hand.
  return (
    <div className="flex w-full items-stretch gap-2">
      <label htmlFor={inputId} className="sr-only">
        {m.campaign_link_label()}
      </label>
      <input
        ref={input}
        id={inputId}
        type="text"
        readOnly
        value={url}
        className="min-w-0 flex-1 rounded-md border border-gray-300 bg-gray-50 px-3 py-2 text-sm text-ink-muted"
        onFocus={(event) => event.currentTarget.select()}
      />
      {hydrated && (
        <button type="button" className="btn-outline flex-none px-3 py-2 text-sm" onClick={() => void copy()}>
          {m.campaign_copy_link()}
        </button>
      )}
    </div>
  );
}

/** The campaign's address with a 'Copy link' button that confirms with a toast. */
export default function CopyLinkButton(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <CopyLink {...props} />
    </IslandErrorBoundary>
  );
}
