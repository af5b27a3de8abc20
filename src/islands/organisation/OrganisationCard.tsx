import type { ReactElement } from 'react';
import { organisationTypeLabel } from '~/components/organisation/lookupLabels';
import { CardTitle } from '~/islands/shared/CardTitle';
import { Figures } from '~/islands/shared/Figures';
import type { OrganisationCard as Card } from '~/lib/contracts/organisations';
import { Currency } from '~/lib/enums';
import { href as localHref, m } from '~/lib/i18n';
import { formatMoney } from '~/lib/money';

interface Props {
  organisation: Card;
  /** Heading level of the legal name in the page outline. */
  headingLevel?: 2 | 3;
}

/** Up to two capitals of the legal name, shown when there is no logo. */
export function organisationInitials(legalName: string): string {
  const words = legalName.match(/[\p{L}\p{N}]+/gu) ?? [];
  return (
    words
      .slice(0, 2)
      .map((word) => word[0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}

/** "Soweto, Gauteng", or whichever of the two is known. */
function placeOf(organisation: Card): string {
  return [organisation.city, organisation.province].filter((part) => part).join(', ');
}

/**
 * An organisation in search results: logo or initials, legal name linking to
 * its public page, the verified badge, type, place, summary, campaigns and the
 * rand total raised. Static markup: it needs no JavaScript.
 */
export function OrganisationCard({ organisation, headingLevel = 2 }: Props): ReactElement {
  const href = localHref(`/organization/${encodeURIComponent(organisation.url)}`);
  const place = placeOf(organisation);
  const campaigns = organisation.totalCampaigns;
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md">
      <div className="flex items-start gap-3">
        {organisation.logo ? (
          <img
            src={organisation.logo.url}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            decoding="async"
            className="h-14 w-14 shrink-0 rounded-lg border border-gray-100 object-contain"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-14 w-14 shrink-0 items-center justify-center rounded-lg bg-brand-light text-lg font-bold text-brand-dark"
          >
            {organisationInitials(organisation.legalName)}
          </span>
        )}
        <div className="min-w-0">
          <CardTitle level={headingLevel} href={href} name={organisation.legalName} />
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-muted">
            {organisation.isVerified && (
              <span className="rounded-full bg-brand-light px-2 py-0.5 font-semibold text-brand-dark">
                {m.organisation_verified()}
              </span>
            )}
            {organisation.organizationType && (
              <span>{organisationTypeLabel(organisation.organizationType.name)}</span>
            )}
            {place && <span data-user-content>{place}</span>}
          </p>
        </div>
      </div>
      {organisation.summary && (
        <p className="text-sm text-ink" data-user-content>
          {organisation.summary}
        </p>
      )}
      <Figures
        className="mt-auto grid grid-cols-2 gap-2 border-t border-gray-100 pt-3 text-xs"
        valueClassName="font-semibold"
        figures={[
          { label: m.organisation_campaigns(), value: campaigns },
          {
            label: m.organisation_raised_label(),
            value: formatMoney(organisation.orgDonationsTotal, Currency.Rand),
          },
        ]}
      />
    </article>
  );
}
