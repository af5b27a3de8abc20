import { type ReactElement, useState } from 'react';
import { FormNotice } from '~/islands/form/FormNotice';
import { FormSection } from '~/islands/form/FormSection';
import { hintClass } from '~/islands/form/fieldParts';
import type { OwnerCampaign } from '~/lib/api/campaigns';
import { CampaignStatus, Currency, Visibility } from '~/lib/enums';
import { CopyField } from './CopyField';
import { posterHref, qrCodeHref, shortLinkOf, WIDGET_SIZE, widgetHref, widgetSnippet } from './promoteLinks';

const LINK_CLASS = 'btn-outline inline-block px-3 py-2 text-sm';

/** Why there is nothing to share yet, or null when the campaign may be shared. */
function notShareableYet(campaign: OwnerCampaign): string | null {
  if (!campaign.published)
    return (
      'Your campaign is not launched yet, so nobody else can open it. Once you launch it from the ' +
      'Campaign tab, this is where you will find its short link, a QR code, a printable poster and a ' +
      'donate button for your own website.'
    );
  if (campaign.status === CampaignStatus.Hidden)
    return (
      'Your campaign is hidden at the moment, so its link, QR code, poster and website widget show ' +
      'nothing to visitors. They work again as soon as it is visible.'
    );
  return null;
}

/**
 * The Share & promote tab: the campaign's short link, its QR code and A4 poster, and the donate
 * widget's `<iframe>` snippet with a live preview, for the owner to take their campaign offline and
 * onto other websites.
 */
export function PromoteCampaign({ campaign }: { campaign: OwnerCampaign }): ReactElement {
  const [withSnapscan, setWithSnapscan] = useState(false);
  const reason = notShareableYet(campaign);
  if (reason) return <FormNotice tone="info">{reason}</FormNotice>;
  const setting = campaign.campaignSetting;
  // SnapScan settles rand only; the poster's code pays the campaign straight from the app.
  const takesSnapscan = setting.showGateways.snapscan && setting.currency.id === Currency.Rand;
  const origin = window.location.origin;
  const shortLink = shortLinkOf(origin, campaign.shortUrl);
  return (
    <div className="space-y-8">
      {campaign.visibility === Visibility.Private ? (
        <FormNotice tone="info">
          Your campaign is private: it stays out of search here and on search engines, but anyone with its
          link, QR code or poster can open it.
        </FormNotice>
      ) : null}
      {campaign.status !== CampaignStatus.Active ? (
        <FormNotice tone="info">
          Your campaign no longer takes donations: its poster and widget still show it, without a way to give.
        </FormNotice>
      ) : null}

      <FormSection
        id="promote-link"
        title="Short link"
        text="Short enough for a WhatsApp message, an SMS or a church bulletin. It opens your campaign page."
      >
        <CopyField
          label="Your campaign's short link"
          value={shortLink}
          copyLabel="Copy link"
          copiedMessage="Link copied"
        />
      </FormSection>

      <FormSection
        id="promote-print"
        title="QR code and poster"
        text="Print the poster for notice boards at schools, churches and shops: people scan the code with their phone's camera to give."
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <img
            src={qrCodeHref(campaign.url)}
            alt={`QR code that opens ${shortLink}`}
            width={160}
            height={160}
            className="h-40 w-40 flex-none rounded-md border border-gray-200 bg-white"
          />
          <div className="flex flex-wrap gap-2">
            <a href={qrCodeHref(campaign.url)} download={`${campaign.url}-qr.svg`} className={LINK_CLASS}>
              Download QR code (SVG)
            </a>
            <a
              href={posterHref(campaign.url, takesSnapscan && withSnapscan)}
              download={`${campaign.url}-poster.pdf`}
              className={LINK_CLASS}
            >
              Download poster (PDF)
            </a>
          </div>
        </div>
        {takesSnapscan ? (
          <div>
            <div className="flex items-start gap-3">
              <input
                id="promote-poster-snapscan"
                type="checkbox"
                checked={withSnapscan}
                onChange={(e) => setWithSnapscan(e.target.checked)}
                aria-describedby="promote-poster-snapscan-hint"
                className="mt-1 h-4 w-4 accent-brand"
              />
              <label htmlFor="promote-poster-snapscan" className="font-semibold text-ink">
                Add a SnapScan code to the poster
              </label>
            </div>
            <p id="promote-poster-snapscan-hint" className={`pl-7 ${hintClass}`}>
              People scan it in the SnapScan app and choose how much to give, without opening the site. Each
              payment shows in your donations as Anonymous, unless the payer adds a name in the app.
            </p>
          </div>
        ) : null}
      </FormSection>

      <FormSection
        id="promote-widget"
        title="Donate button for your website"
        text="Paste this code into your website's HTML. It shows your campaign's picture, total and progress, and its Donate button opens the donation page in a new tab."
      >
        <CopyField
          label="Code for your website"
          value={widgetSnippet(origin, campaign)}
          copyLabel="Copy code"
          copiedMessage="Code copied"
          multiline
        />
        <div className="space-y-1">
          <p className="text-sm font-semibold text-ink">Preview</p>
          <iframe
            src={widgetHref(origin, campaign.url)}
            width={WIDGET_SIZE.width}
            height={WIDGET_SIZE.height}
            title="Preview of your donate button"
            loading="lazy"
            className="max-w-full border-0"
          />
        </div>
      </FormSection>
    </div>
  );
}
