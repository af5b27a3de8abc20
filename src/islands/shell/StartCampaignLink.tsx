import type { ReactElement, ReactNode } from 'react';
import { href } from '~/lib/i18n';
import { SITE_LINKS, startCampaignSignupMessage } from '~/lib/siteLinks';
import { setFlash } from '~/stores/flash';

interface Props {
  signedIn: boolean;
  className: string;
  children: ReactNode;
}

/**
 * START CAMPAIGN (SPEC §2). Signed in: opens the wizard at `?new`, which clears the
 * previous creation state. Visitors go to sign-up, which greets them with the info
 * message for 5 s. Without JavaScript it is a plain link to sign-up.
 */
export function StartCampaignLink({ signedIn, className, children }: Props): ReactElement {
  const onClick = (): void => {
    if (signedIn) return;
    setFlash(
      {
        id: 'start-campaign-signup',
        type: 'info',
        message: startCampaignSignupMessage(),
        duration: 5000,
      },
      href(SITE_LINKS.signup),
    );
  };
  return (
    <a
      href={href(signedIn ? SITE_LINKS.newCampaign : SITE_LINKS.signup)}
      className={className}
      onClick={onClick}
    >
      {children}
    </a>
  );
}
