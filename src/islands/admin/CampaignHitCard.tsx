import { type ReactElement, useState } from 'react';
import type { AdminCampaignHit } from '~/lib/api/admin';
import { CampaignStatus, campaignStatusLabel } from '~/lib/enums';
import { changeFoundCampaign, payeeOfHit } from '~/stores/admin';
import { AdminCloseForm } from './AdminCloseForm';
import { MoveMoneyForm } from './MoveMoneyForm';

/**
 * A campaign found by the search, with where its money goes and its switches: Hide/Show,
 * Feature/Unfeature, Close with a reason, Move money (even once closed: it may still hold funds),
 * and the payment methods only a platform admin switches: debit orders (Paysoft) and SnapScan.
 */
export function CampaignHitCard({ hit }: { hit: AdminCampaignHit }): ReactElement {
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<'close' | 'move' | null>(null);
  const hidden = hit.status === CampaignStatus.Hidden;
  const closed = hit.status === CampaignStatus.Closed;

  const change = async (next: Parameters<typeof changeFoundCampaign>[1]): Promise<boolean> => {
    setBusy(true);
    const done = await changeFoundCampaign(hit.id, next);
    setBusy(false);
    return done;
  };

  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4" aria-label={hit.name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">
            <a href={`/campaign/${encodeURIComponent(hit.url)}`} className="text-brand-dark underline">
              {hit.name}
            </a>
          </p>
          <p className="text-sm text-ink-muted">
            {hit.ownerName} ({hit.ownerEmail}) · {campaignStatusLabel(hit.status)}
            {hit.featured ? ' · Featured' : ''}
            {hit.isVerified ? ' · Verified' : ''}
          </p>
          {open === 'move' ? null : (
            <p className="text-sm" data-testid="campaign-payee">
              {payeeOfHit(hit)}
            </p>
          )}
        </div>
        {open ? null : (
          <div className="flex flex-wrap gap-2">
            {closed ? null : (
              <>
                <button
                  type="button"
                  className="btn-outline"
                  disabled={busy}
                  onClick={() => void change({ hidden: !hidden })}
                >
                  {hidden ? 'Show' : 'Hide'}
                </button>
                <button
                  type="button"
                  className="btn-outline"
                  disabled={busy}
                  onClick={() => void change({ featured: !hit.featured })}
                >
                  {hit.featured ? 'Unfeature' : 'Feature'}
                </button>
                <button
                  type="button"
                  className="btn-outline"
                  disabled={busy}
                  onClick={() => setOpen('close')}
                >
                  Close
                </button>
              </>
            )}
            <button type="button" className="btn-outline" disabled={busy} onClick={() => setOpen('move')}>
              Move money
            </button>
          </div>
        )}
      </div>
      {closed || open ? null : (
        <fieldset className="mt-3 flex flex-wrap gap-4 text-sm" aria-label={`Payment methods of ${hit.name}`}>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={hit.gateways.paysoft}
              disabled={busy}
              onChange={(e) => void change({ paysoft: e.currentTarget.checked })}
            />
            Monthly debit orders (Paysoft)
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={hit.gateways.snapscan}
              disabled={busy}
              onChange={(e) => void change({ snapscan: e.currentTarget.checked })}
            />
            SnapScan
          </label>
        </fieldset>
      )}
      {open === 'close' ? (
        <AdminCloseForm
          name={hit.name}
          onClose={(close) => change({ close })}
          onCancel={() => setOpen(null)}
        />
      ) : null}
      {open === 'move' ? <MoveMoneyForm hit={hit} onDone={() => setOpen(null)} /> : null}
    </li>
  );
}
