import { scaleBand, scaleLinear } from 'd3-scale';
import { area, line } from 'd3-shape';
import type { InsightsChannel, InsightsDay } from '~/lib/contracts/insights';
import { formatShortDate } from '~/lib/dates';
import { formatMoney } from '~/lib/money';
import { escapeMarkup } from '~/lib/server/outreach/markup';

/**
 * The dashboard's charts, drawn here as SVG (issue 26): no chart library runs in the browser, and a
 * chart is a few kilobytes of markup. Scales and paths come from d3-scale and d3-shape (small, kept
 * by the d3 project, used only on the server). Each chart is an image with a title and a
 * description naming its figures; the island puts the same figures in a table for screen readers.
 * Sized for a phone: a 360-unit wide viewBox scaled to the width, so its text stays about 11 px.
 */

const WIDTH = 360;
const HEIGHT = 200;
const MARGIN = { top: 12, right: 8, bottom: 26, left: 44 };
const BRAND = '#0f766e';
const ACCENT = '#f59e0b';
const GRID = '#e5e7eb';
const MUTED = '#6b7280';

interface Money {
  symbol: string;
}

/** 'R 0', 'R 750', 'R 1.5k', 'R 20k', 'R 1.2m': an axis label short enough for a phone. */
export function compactMoney(amount: number, currency: Money): string {
  const abs = Math.abs(amount);
  const short = (n: number, unit: string) => `${Number(n.toFixed(n < 10 ? 1 : 0))}${unit}`;
  const text =
    abs >= 1_000_000
      ? short(abs / 1_000_000, 'm')
      : abs >= 1000
        ? short(abs / 1000, 'k')
        : String(Math.round(abs));
  return `${amount < 0 ? '-' : ''}${currency.symbol} ${text}`;
}

function svg(id: string, title: string, description: string, body: string, height = HEIGHT): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="100%" role="img" ` +
    `aria-labelledby="${id}-title ${id}-desc" font-family="system-ui,sans-serif" font-size="11">` +
    `<title id="${id}-title">${escapeMarkup(title)}</title><desc id="${id}-desc">${escapeMarkup(description)}</desc>` +
    `${body}</svg>`
  );
}

function yAxis(scale: ReturnType<typeof scaleLinear<number, number>>, currency: Money): string {
  return scale
    .ticks(4)
    .map((tick) => {
      const y = scale(tick).toFixed(1);
      return (
        `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y}" y2="${y}" stroke="${GRID}"/>` +
        `<text x="${MARGIN.left - 4}" y="${y}" dy="0.32em" text-anchor="end" fill="${MUTED}">${escapeMarkup(compactMoney(tick, currency))}</text>`
      );
    })
    .join('');
}

/** A day's label on the x axis: '05 Mar'. */
const dayLabel = (day: string): string => formatShortDate(`${day}T12:00:00+02:00`).slice(0, 6);

/** A bucket of days the bars are drawn by: one day, or a week or a month when the range is long. */
export interface Bucket {
  start: string;
  end: string;
  amount: number;
  donations: number;
}

/** Days as bars: each day up to 62 days, weeks up to about two years, months beyond. */
export function bucketsOf(days: readonly InsightsDay[]): {
  unit: 'day' | 'week' | 'month';
  buckets: Bucket[];
} {
  const unit = days.length <= 62 ? 'day' : days.length <= 730 ? 'week' : 'month';
  const size = unit === 'week' ? 7 : 1;
  const buckets: Bucket[] = [];
  for (const day of days) {
    const last = buckets.at(-1);
    const sameBucket =
      last &&
      (unit === 'month'
        ? last.start.slice(0, 7) === day.date.slice(0, 7)
        : unit === 'week' && bucketLength(last) < size);
    if (last && sameBucket) {
      last.end = day.date;
      last.amount += day.amount;
      last.donations += day.donations;
    } else buckets.push({ start: day.date, end: day.date, amount: day.amount, donations: day.donations });
  }
  return { unit, buckets };
}

function bucketLength(bucket: Bucket): number {
  return Math.round((Date.parse(bucket.end) - Date.parse(bucket.start)) / 86_400_000) + 1;
}

/** Raised per day (or week, or month) as bars; the last bar is today's. */
export function dailyChart(days: readonly InsightsDay[], currency: Money): string {
  const { unit, buckets } = bucketsOf(days);
  const max = Math.max(0, ...buckets.map((b) => b.amount));
  const x = scaleBand<number>()
    .domain(buckets.map((_, i) => i))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .paddingInner(buckets.length > 40 ? 0.15 : 0.25);
  const y = scaleLinear()
    .domain([0, max > 0 ? max : 1])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const bars = buckets
    .map((bucket, i) => {
      const top = y(Math.max(0, bucket.amount));
      const height = Math.max(bucket.amount > 0 ? 1.5 : 0, HEIGHT - MARGIN.bottom - top);
      const when =
        bucket.start === bucket.end
          ? dayLabel(bucket.start)
          : `${dayLabel(bucket.start)} – ${dayLabel(bucket.end)}`;
      return (
        `<rect x="${(x(i) ?? 0).toFixed(1)}" y="${(HEIGHT - MARGIN.bottom - height).toFixed(1)}" width="${Math.max(1, x.bandwidth()).toFixed(1)}" ` +
        `height="${height.toFixed(1)}" rx="1.5" fill="${BRAND}" data-date="${bucket.start}">` +
        `<title>${escapeMarkup(`${when}: ${formatMoney(bucket.amount, currency)}, ${bucket.donations} ${bucket.donations === 1 ? 'donation' : 'donations'}`)}</title></rect>`
      );
    })
    .join('');
  const first = buckets[0];
  const last = buckets.at(-1);
  const labels =
    first && last
      ? `<text x="${MARGIN.left}" y="${HEIGHT - 8}" fill="${MUTED}">${escapeMarkup(dayLabel(first.start))}</text>` +
        `<text x="${WIDTH - MARGIN.right}" y="${HEIGHT - 8}" text-anchor="end" fill="${MUTED}">${escapeMarkup(last.start === last.end ? dayLabel(last.end) : `${dayLabel(last.start)} –`)}</text>`
      : '';
  const total = buckets.reduce((sum, b) => sum + b.amount, 0);
  const best = buckets.reduce<Bucket | null>((top, b) => (top && top.amount >= b.amount ? top : b), null);
  const per = unit === 'day' ? 'day' : unit === 'week' ? 'week' : 'month';
  const description =
    buckets.length === 0
      ? 'No days in this range.'
      : `${formatMoney(total, currency)} raised over ${buckets.length} ${per}${buckets.length === 1 ? '' : 's'}` +
        (best && best.amount > 0
          ? `; the most, ${formatMoney(best.amount, currency)}, on ${dayLabel(best.start)}.`
          : '; nothing yet.');
  return svg('daily', `Raised per ${per}`, description, yAxis(y, currency) + bars + labels);
}

/** Above the target's line, or below it when the line is the chart's top (the text would be cut off). */
const targetLabelY = (lineY: number): number => (lineY - 4 < 11 ? lineY + 13 : lineY - 4);

/** What was raised up to each day, against the target as a dashed line. */
export function progressChart(days: readonly InsightsDay[], target: number | null, currency: Money): string {
  const top = Math.max(target ?? 0, ...days.map((d) => d.cumulative), 1);
  const x = scaleLinear()
    .domain([0, Math.max(1, days.length - 1)])
    .range([MARGIN.left, WIDTH - MARGIN.right]);
  const y = scaleLinear()
    .domain([0, top])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const points = days.map((d, i) => [x(i), y(d.cumulative)] as [number, number]);
  if (points.length === 1 && points[0]) points.push([WIDTH - MARGIN.right, points[0][1]]);
  const fill = area()
    .y0(HEIGHT - MARGIN.bottom)
    .digits(1)(points);
  const stroke = line().digits(1)(points);
  const targetLine =
    target && target > 0
      ? `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y(target).toFixed(1)}" y2="${y(target).toFixed(1)}" stroke="${ACCENT}" stroke-width="1.5" stroke-dasharray="5 4"/>` +
        `<text x="${WIDTH - MARGIN.right}" y="${targetLabelY(y(target)).toFixed(1)}" text-anchor="end" fill="#92400e">Target ${escapeMarkup(compactMoney(target, currency))}</text>`
      : '';
  const reached = days.at(-1)?.cumulative ?? 0;
  const first = days[0];
  const last = days.at(-1);
  const labels =
    first && last
      ? `<text x="${MARGIN.left}" y="${HEIGHT - 8}" fill="${MUTED}">${escapeMarkup(dayLabel(first.date))}</text>` +
        `<text x="${WIDTH - MARGIN.right}" y="${HEIGHT - 8}" text-anchor="end" fill="${MUTED}">${escapeMarkup(dayLabel(last.date))}</text>`
      : '';
  const description =
    target && target > 0
      ? `${formatMoney(reached, currency)} raised of the ${formatMoney(target, currency)} target (${Math.floor((reached / target) * 100)} %).`
      : `${formatMoney(reached, currency)} raised.`;
  return svg(
    'progress',
    'Raised so far',
    description,
    yAxis(y, currency) +
      (fill ? `<path d="${fill}" fill="${BRAND}" fill-opacity="0.12"/>` : '') +
      (stroke ? `<path d="${stroke}" fill="none" stroke="${BRAND}" stroke-width="2"/>` : '') +
      targetLine +
      labels,
  );
}

/** Where the gifts came from: one bar per channel, the amount and the number of donations beside it. */
export function channelsChart(channels: readonly InsightsChannel[], currency: Money): string {
  const row = 30;
  const height = Math.max(1, channels.length) * row + 8;
  const labelWidth = 100;
  const max = Math.max(1, ...channels.map((c) => c.amount));
  const x = scaleLinear()
    .domain([0, max])
    .range([0, WIDTH - labelWidth - 8 - 110]);
  const bars = channels
    .map((c, i) => {
      const top = 4 + i * row;
      const width = Math.max(c.amount > 0 ? 2 : 0, x(Math.max(0, c.amount)));
      const figures = `${compactMoney(c.amount, currency)} · ${c.donations}`;
      return (
        `<g data-channel="${c.channel}"><text x="0" y="${top + 14}" dy="0.1em" fill="#111827">${escapeMarkup(c.label)}</text>` +
        `<rect x="${labelWidth}" y="${top + 4}" width="${width.toFixed(1)}" height="16" rx="2" fill="${BRAND}"/>` +
        `<text x="${(labelWidth + width + 6).toFixed(1)}" y="${top + 14}" dy="0.1em" fill="${MUTED}">${escapeMarkup(figures)}</text></g>`
      );
    })
    .join('');
  const description =
    channels.length === 0
      ? 'No donations in this range yet.'
      : channels.map((c) => `${c.label}: ${formatMoney(c.amount, currency)} from ${c.donations}`).join('; ');
  return svg(
    'channels',
    'Where donations came from',
    description,
    channels.length === 0
      ? `<text x="0" y="20" fill="${MUTED}">No donations in this range yet.</text>`
      : bars,
    channels.length === 0 ? 32 : height,
  );
}
