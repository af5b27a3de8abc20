import { type ReactElement, useEffect, useState } from 'react';
import { TableHead } from '~/islands/shared/TableHead';
import { getInsights, type Insights, type InsightsOf, type InsightsRange } from '~/lib/api/insights';
import { failureBodyOf } from '~/lib/api/storeErrors';
import { formatSouthAfricanDay, southAfricanDate } from '~/lib/dates';
import { formatMoney } from '~/lib/money';

/**
 * The fundraiser's dashboard (issue 26): a campaign's Insights tab, and an organisation's across its
 * campaigns. The charts come drawn from the server as SVG (src/lib/server/insights/charts.ts), so no
 * chart code runs here; their figures are also a table for screen readers and anyone who prefers one.
 */

type Preset = '7' | '30' | '90' | 'all';

const PRESETS: readonly { key: Preset; label: string }[] = [
  { key: '7', label: '7 days' },
  { key: '30', label: '30 days' },
  { key: '90', label: '90 days' },
  { key: 'all', label: 'All time' },
];

function rangeOfPreset(preset: Preset): InsightsRange {
  if (preset === 'all') return {};
  const days = Number(preset);
  return { from: southAfricanDate(new Date(Date.now() - (days - 1) * 86_400_000)) };
}

function Figure({
  label,
  value,
  hint,
}: {
  label: string;
  value: string;
  hint?: string | undefined;
}): ReactElement {
  return (
    <div className="rounded-lg bg-gray-50 p-3">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="text-lg font-bold text-ink">{value}</dd>
      {hint ? <dd className="text-xs text-ink-muted">{hint}</dd> : null}
    </div>
  );
}

function Chart({ title, svg }: { title: string; svg: string }): ReactElement {
  return (
    <figure className="space-y-2 rounded-xl border border-gray-200 bg-white p-3">
      <figcaption className="font-semibold text-ink">{title}</figcaption>
      <div
        className="w-full"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: drawn on the server from numbers and escaped labels (insights/charts.ts), no script
        dangerouslySetInnerHTML={{ __html: svg }}
      />
    </figure>
  );
}

function FiguresTable({ insights }: { insights: Insights }): ReactElement {
  const money = (amount: number) => formatMoney(amount, insights.currency);
  const days = insights.daily.filter((d) => d.donations > 0 || d.views > 0 || d.amount !== 0);
  return (
    <details className="rounded-xl border border-gray-200 bg-white p-3">
      <summary className="cursor-pointer font-semibold text-brand">Show the figures as a table</summary>
      <div className="mt-3 space-y-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="text-left font-semibold">Where donations came from</caption>
          <TableHead columns={[['Channel'], ['Donations', 'text-right'], ['Amount', 'text-right']]} />
          <tbody>
            {insights.channels.map((c) => (
              <tr key={c.channel} className="border-t border-gray-100">
                <th scope="row" className="font-normal">
                  {c.label}
                </th>
                <td className="text-right">{c.donations}</td>
                <td className="text-right">{money(c.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="w-full text-left text-sm">
          <caption className="text-left font-semibold">Days with donations or visits</caption>
          <TableHead
            columns={[
              ['Day'],
              ['Donations', 'text-right'],
              ['Amount', 'text-right'],
              ['Views', 'text-right'],
              ['Raised to date', 'text-right'],
            ]}
          />
          <tbody>
            {days.map((d) => (
              <tr key={d.date} className="border-t border-gray-100">
                <th scope="row" className="font-normal">
                  {formatSouthAfricanDay(d.date)}
                </th>
                <td className="text-right">{d.donations}</td>
                <td className="text-right">{money(d.amount)}</td>
                <td className="text-right">{d.views}</td>
                <td className="text-right">{money(d.cumulative)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Summary({ insights }: { insights: Insights }): ReactElement {
  const money = (amount: number) => formatMoney(amount, insights.currency);
  const { totals, donors } = insights;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="This range in figures">
      <Figure label="Raised" value={money(totals.amount)} />
      <Figure label="Donations" value={String(totals.donations)} />
      <Figure label="Page views" value={String(totals.views)} />
      <Figure
        label="Views that gave"
        value={totals.conversion === null ? '–' : `${totals.conversion} %`}
        hint="Donations per 100 views"
      />
      <Figure label="Average gift" value={donors.averageGift === null ? '–' : money(donors.averageGift)} />
      <Figure label="New donors" value={String(donors.new)} />
      <Figure
        label="Returning donors"
        value={String(donors.returning)}
        hint="Gave again after an earlier day"
      />
      <Figure
        label="Monthly donors"
        value={String(donors.monthly)}
        hint={donors.monthly > 0 ? `${money(donors.monthlyCommitted)} a month` : undefined}
      />
    </dl>
  );
}

/** The channel that brought most, in words: what a fundraiser acts on. */
function Headline({ insights }: { insights: Insights }): ReactElement | null {
  // Gifts from before channels were recorded say nothing a fundraiser can act on.
  const top = insights.channels.find((c) => c.channel !== 'unknown');
  if (!top || top.donations === 0) return null;
  const share = insights.totals.amount > 0 ? Math.round((top.amount / insights.totals.amount) * 100) : 0;
  return (
    <p className="rounded-lg bg-brand/10 px-3 py-2 text-sm text-ink">
      <strong>{top.label}</strong> brought the most: {formatMoney(top.amount, insights.currency)} from{' '}
      {top.donations} {top.donations === 1 ? 'donation' : 'donations'}
      {share > 0 && share < 100 ? ` (${share} % of this range)` : ''}.
    </p>
  );
}

export function InsightsDashboard({ of }: { of: InsightsOf }): ReactElement {
  const [preset, setPreset] = useState<Preset>('all');
  const [insights, setInsights] = useState<Insights | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    setLoading(true);
    getInsights(of, rangeOfPreset(preset))
      .then((answer) => {
        if (!current) return;
        setInsights(answer.data);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (current)
          setError(failureBodyOf(failure).meta.message ?? 'Your figures could not load. Please try again.');
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [of, preset]);

  return (
    <section className="space-y-4" aria-labelledby="insights-title" aria-busy={loading}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="insights-title" className="text-xl font-bold text-ink">
          Insights
        </h2>
        <fieldset className="flex flex-wrap gap-1" aria-label="Range">
          {PRESETS.map((p) => (
            <button
              key={p.key}
              type="button"
              aria-pressed={preset === p.key}
              onClick={() => setPreset(p.key)}
              className={`rounded-full border px-3 py-1 text-sm ${
                preset === p.key ? 'border-brand bg-brand text-white' : 'border-gray-300 bg-white text-ink'
              }`}
            >
              {p.label}
            </button>
          ))}
        </fieldset>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {insights ? (
        <>
          <p className="text-sm text-ink-muted">
            {formatSouthAfricanDay(insights.from)} to {formatSouthAfricanDay(insights.to)}
          </p>
          <Headline insights={insights} />
          <Summary insights={insights} />
          <Chart title="Raised per day" svg={insights.charts.daily} />
          <Chart title="Raised so far" svg={insights.charts.progress} />
          <Chart title="Where donations came from" svg={insights.charts.channels} />
          <FiguresTable insights={insights} />
        </>
      ) : loading ? (
        <p className="text-sm text-ink-muted">Loading your figures…</p>
      ) : null}
    </section>
  );
}
