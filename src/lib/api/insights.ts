import type { Insights } from '~/lib/contracts/insights';
import { idPath } from './campaigns';
import { api, type Envelope } from './index';

/** The fundraiser's dashboard (docs/api/insights.md): a campaign's, or an organisation's across its campaigns. */

export type { Insights, InsightsChannel, InsightsDay } from '~/lib/contracts/insights';

/** Whose dashboard: a campaign's or an organisation's. */
export interface InsightsOf {
  kind: 'campaigns' | 'organizations';
  id: string;
}

/** The range, as South African days; either end may be left open (the whole life, up to today). */
export interface InsightsRange {
  from?: string;
  to?: string;
}

/** `GET /campaigns/{id}/insights` or `GET /organizations/{id}/insights`, `?from&to`. */
export const getInsights = (of: InsightsOf, range: InsightsRange = {}): Promise<Envelope<Insights>> => {
  const searchParams: Record<string, string> = {};
  if (range.from) searchParams.from = range.from;
  if (range.to) searchParams.to = range.to;
  return api.get(`${of.kind}/${idPath(of.id)}/insights`, { searchParams }).json();
};
