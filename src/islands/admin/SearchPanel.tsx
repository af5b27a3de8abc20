import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactElement, type ReactNode, useId, useState } from 'react';
import { inputClass, labelClass } from '~/islands/form/fieldParts';
import type { AdminSearchKind, AdminSearchResult } from '~/lib/api/admin';
import { formatSastDateTime } from '~/lib/dates';
import { donationStatusLabel } from '~/lib/donationDisplay';
import { formatMoney } from '~/lib/money';
import { fullName } from '~/lib/people';
import { $adminSearch, runAdminSearch } from '~/stores/admin';
import { CampaignHitCard } from './CampaignHitCard';

const KINDS: readonly { value: AdminSearchKind; label: string }[] = [
  { value: 'campaigns', label: 'Campaigns' },
  { value: 'users', label: 'Users' },
  { value: 'donations', label: 'Donations' },
  { value: 'organisations', label: 'Organisations' },
];

/** One thing found: its line in bold, then its details. */
interface Found {
  key: string;
  title: ReactNode;
  detail: ReactNode;
}

/** The users, organisations or donations found, one two-line item each. */
function FoundList({ label, found }: { label: string; found: Found[] }): ReactElement {
  return (
    <ul className="divide-y divide-gray-200" aria-label={label}>
      {found.map(({ key, title, detail }) => (
        <li key={key} className="py-2">
          <p className="font-semibold">{title}</p>
          <p className="text-sm text-ink-muted">{detail}</p>
        </li>
      ))}
    </ul>
  );
}

function SearchResults({ result }: { result: AdminSearchResult }): ReactElement {
  if (result.results.items.length === 0) return <p className="text-ink-muted">Nothing matches.</p>;
  if (result.kind === 'campaigns')
    return (
      <ul className="space-y-3" aria-label="Campaigns found">
        {result.results.items.map((hit) => (
          <CampaignHitCard key={hit.id} hit={hit} />
        ))}
      </ul>
    );
  if (result.kind === 'users')
    return (
      <FoundList
        label="Users found"
        found={result.results.items.map((user) => ({
          key: user.id,
          title: `${fullName(user)} ${user.role === 'admin' ? '(admin)' : ''}`,
          detail: `${user.email} · ${user.emailConfirmed ? 'email confirmed' : 'email not confirmed'} · ${
            user.active ? 'active' : 'inactive'
          } · joined ${formatSastDateTime(user.createdAt)}`,
        }))}
      />
    );
  if (result.kind === 'organisations')
    return (
      <FoundList
        label="Organisations found"
        found={result.results.items.map((organisation) => ({
          key: organisation.id,
          title: (
            <a href={`/organization/${encodeURIComponent(organisation.url)}`} className="underline">
              {organisation.legalName}
            </a>
          ),
          detail: `${organisation.isVerified ? 'Verified' : 'Not verified'} · registered ${formatSastDateTime(organisation.createdAt)}`,
        }))}
      />
    );
  return (
    <FoundList
      label="Donations found"
      found={result.results.items.map((donation) => ({
        key: donation.id,
        title: `${donation.reference} · ${formatMoney(donation.amount, { symbol: donation.currencyTicker })} · ${donationStatusLabel(donation.status)}`,
        detail: (
          <>
            {donation.donorName} ({donation.email}) to{' '}
            <a href={`/campaign/${encodeURIComponent(donation.campaignUrl)}`} className="underline">
              {donation.campaignName}
            </a>{' '}
            · {formatSastDateTime(donation.createdAt)}
          </>
        ),
      }))}
    />
  );
}

/** Finds users, campaigns, donations and organisations; a campaign found can be hidden, featured, closed or have its money moved. */
export default function SearchPanel(): ReactElement {
  const { result, loading } = useStore($adminSearch);
  const [kind, setKind] = useState<AdminSearchKind>('campaigns');
  const [q, setQ] = useState('');
  const id = useId();

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    void runAdminSearch(kind, q);
  };

  return (
    <div className="space-y-6">
      <form aria-label="Back office search" onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-kind`} className={labelClass}>
            Find
          </label>
          <select
            id={`${id}-kind`}
            className={inputClass}
            value={kind}
            onChange={(e) => setKind(e.target.value as AdminSearchKind)}
          >
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-60 flex-1">
          <label htmlFor={`${id}-q`} className={labelClass}>
            Name, email or reference
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className={inputClass}
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary disabled:opacity-60" disabled={loading}>
          {loading ? 'Searching…' : 'Search'}
        </button>
      </form>
      {result ? <SearchResults result={result} /> : null}
    </div>
  );
}
