/** Tabs of /organization/edit/{id}?tab=… Kept apart so other islands link here without loading the editor. */
export const ORGANISATION_TABS = [
  'profile',
  'verification',
  'team',
  'champions',
  'donations',
  'insights',
  'receipts',
] as const;
export type OrganisationTab = (typeof ORGANISATION_TABS)[number];

export const isOrganisationTab = (value: string | null): value is OrganisationTab =>
  (ORGANISATION_TABS as readonly (string | null)[]).includes(value);

/** The edit page of an organisation, on a tab. */
export function organisationEditHref(organisationId: string, tab: OrganisationTab = 'profile'): string {
  const base = `/organization/edit/${encodeURIComponent(organisationId)}`;
  return tab === 'profile' ? base : `${base}?tab=${tab}`;
}

/** The organisation's public page, /organization/{url}. */
export const organisationPublicHref = (url: string): string => `/organization/${encodeURIComponent(url)}`;
