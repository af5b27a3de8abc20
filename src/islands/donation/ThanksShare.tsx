import type { ReactElement } from 'react';
import CopyLinkButton from '~/islands/campaign/CopyLinkButton';
import { Icon } from '~/islands/ui/Icon';
import { m } from '~/lib/i18n';
import { shareTargetsFor } from '~/lib/shareTargets';
import { aroundPart } from '~/lib/thanksText';

interface Props {
  /** The campaign page's absolute address. */
  pageUrl: string;
  campaignName: string;
  /**
   * Whether the donor's money went through: the messages then say "I just gave to …"; otherwise
   * (a failed or cancelled payment) they only ask friends to support the campaign.
   */
  hasGiven?: boolean;
}

/**
 * Share the campaign a donor just gave to, in the donor's words: WhatsApp (a full-width button on
 * phones, the first icon elsewhere), Facebook, X, email and copying the link.
 */
export function ThanksShare({ pageUrl, campaignName, hasGiven = true }: Props): ReactElement {
  const targets = shareTargetsFor(pageUrl, campaignName, hasGiven ? 'donor' : 'visitor');
  const whatsapp = targets.find((target) => target.name === 'WhatsApp');
  const [before, after] = aroundPart((part) => m.thanks_share_title({ campaign: part }));
  return (
    <section aria-labelledby="thanks-share-title" className="flex flex-col gap-3">
      <h2 id="thanks-share-title" className="text-lg font-bold text-ink">
        {before}
        <span data-user-content>{campaignName}</span>
        {after}
      </h2>
      {whatsapp ? (
        <a
          href={whatsapp.href}
          className="btn-primary w-full py-3 text-base md:hidden"
          target="_blank"
          rel="noopener noreferrer"
        >
          <Icon filled>
            <path d={whatsapp.path} />
          </Icon>
          {whatsapp.label}
        </a>
      ) : null}
      <ul className="flex flex-wrap gap-2">
        {targets.map((target) => (
          <li key={target.name} className={target === whatsapp ? 'hidden md:block' : undefined}>
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
