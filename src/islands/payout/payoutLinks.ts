/** The payout pages (/payout/campaign/{id}, /payout/organization/{id}). Kept apart so other islands link here without loading them. */
export function payoutHref(id: string, kind: 'campaign' | 'organization' = 'campaign'): string {
  return `/payout/${kind}/${encodeURIComponent(id)}`;
}
