import { m } from '~/lib/i18n';
import { type ShareVoice, shareLinksFor } from './share';

/** One share button: where it goes, its accessible name and its icon (a 24×24 SVG path). */
export interface ShareTarget {
  name: 'WhatsApp' | 'Facebook' | 'X' | 'Email';
  label: string;
  href: string;
  path: string;
  /** Opens in a new tab (not the email link, which opens the mail app). */
  external: boolean;
}

/**
 * The share buttons of a page (campaign and organisation pages, /thanks), in the order they show:
 * WhatsApp first, where South Africans share most.
 */
export function shareTargetsFor(
  pageUrl: string,
  title: string,
  voice: ShareVoice = 'visitor',
): ShareTarget[] {
  const links = shareLinksFor(pageUrl, title, voice);
  return [
    {
      name: 'WhatsApp',
      label: m.campaign_share_whatsapp(),
      href: links.whatsapp,
      path: 'M12 2.2A9.7 9.7 0 0 0 3.7 16.9L2.3 21.8l5-1.3A9.7 9.7 0 1 0 12 2.2zm0 17.8a8 8 0 0 1-4.1-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8.1 8.1 0 1 1 12 20zm4.4-6c-.2-.1-1.4-.7-1.7-.8-.2-.1-.4-.1-.5.1l-.8 1c-.1.2-.3.2-.5.1a6.6 6.6 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.5-.4h-.5a.9.9 0 0 0-.6.3 2.7 2.7 0 0 0-.8 2c0 1.2.9 2.3 1 2.5.1.2 1.7 2.6 4.1 3.6 1.5.7 2.1.7 2.9.6.5-.1 1.4-.6 1.6-1.1.2-.6.2-1 .1-1.1 0-.2-.2-.2-.4-.3z',
      external: true,
    },
    {
      name: 'Facebook',
      label: m.campaign_share_facebook(),
      href: links.facebook,
      path: 'M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H8v3h2.5V21h3z',
      external: true,
    },
    {
      name: 'X',
      label: m.campaign_share_x(),
      href: links.x,
      path: 'M17.8 3h3l-6.6 7.6L22 21h-6.1l-4.8-6.2L5.6 21h-3l7.1-8.1L2.3 3h6.2l4.3 5.7L17.8 3zm-1 16.2h1.7L7.3 4.7H5.5l11.3 14.5z',
      external: true,
    },
    {
      name: 'Email',
      label: m.campaign_share_email(),
      href: links.email,
      path: 'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2.4V17h16V7.4l-8 5.3-8-5.3zM5.2 7l6.8 4.5L18.8 7H5.2z',
      external: false,
    },
  ];
}
