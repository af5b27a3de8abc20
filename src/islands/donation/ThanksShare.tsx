import type { ReactElement } from 'react';
import CopyLinkButton from '~/islands/campaign/CopyLinkButton';
import { Icon } from '~/islands/ui/Icon';
import { shareTargetsFor } from '~/lib/shareTargets';

interface Props {
  /** The campaign page's absolute address. */
  pageUrl: string;
  campaignName: string;
}

/** Share the campaign a donor just gave to: WhatsApp, Facebook, X, email and copying the link. */
export function ThanksShare({ pageUrl, campaignName }: Props): ReactElement {
  return (
    <section aria-labelledby="thanks-share-title" className="flex flex-col gap-3">
      <h2 id="thanks-share-title" className="text-lg font-bold text-ink">
        Tell your friends about {campaignName}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {shareTargetsFor(pageUrl, campaignName).map((target) => (
          <li key={target.name}>
            <a
              href={target.href}
              className="flex h-11 w-11 items-center justify-center rounded-full border border-gray-200 text-ink hover:border-brand hover:text-brand"
              aria-label={target.label}
              {...(target.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              <Icon filled>
                <path d={target.path} />
              </Icon>
            </a>
          </li>
        ))}
      </ul>
      <CopyLinkButton url={pageUrl} />
    </section>
  );
}
