import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactElement, useId, useState } from 'react';
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
      <ul className="divide-y divide-gray-200" aria-label="Users found">
        {result.results.items.map((user) => (
          <li key={user.id} className="py-2">
            <p className="font-semibold">
              {fullName(user)} {user.role === 'admin' ? '(admin)' : ''}
            </p>
            <p className="text-sm text-ink-muted">
              {user.email} · {user.emailConfirmed ? 'email confirmed' : 'email not confirmed'} ·{' '}
              {user.active ? 'active' : 'inactive'} · joined {formatSastDateTime(user.createdAt)}
            </p>
          </li>
        ))}
      </ul>
    );
  if (result.kind === 'organisations')
    return (
      <ul className="divide-y divide-gray-200" aria-label="Organisations found">
        {result.results.items.map((organisation) => (
          <li key={organisation.id} className="py-2">
            <p className="font-semibold">
              <a href={`/organization/${encodeURIComponent(organisation.url)}`} className="underline">
                {organisation.legalName}
              </a>
            </p>
            <p className="text-sm text-ink-muted">
              {organisation.isVerified ? 'Verified' : 'Not verified'} · registered{' '}
              {formatSastDateTime(organisation.createdAt)}
            </p>
          </li>
        ))}
      </ul>
    );
  return (
    <ul className="divide-y divide-gray-200" aria-label="Donations found">
      {result.results.items.map((donation) => (
        <li key={donation.id} className="py-2">
          <p className="font-semibold">
            {donation.reference} · {formatMoney(donation.amount, { symbol: donation.currencyTicker })} ·{' '}
            {donationStatusLabel(donation.status)}
          </p>
          <p className="text-sm text-ink-muted">
            {donation.donorName} ({donation.email}) to{' '}
            <a href={`/campaign/${encodeURIComponent(donation.campaignUrl)}`} className="underline">
              {donation.campaignName}
            </a>{' '}
            · {formatSastDateTime(donation.createdAt)}
          </p>
        </li>
      ))}
    </ul>
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
