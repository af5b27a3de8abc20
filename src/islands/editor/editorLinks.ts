/** Tabs of the campaign editor (/campaign/edit/{id}?tab=…). Kept apart so other islands link here without loading the editor. */
export const EDITOR_TABS = [
  'details',
  'verification',
  'updates',
  'donations',
  'insights',
  'team',
  'promote',
  'close',
] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

export const isEditorTab = (value: string | null): value is EditorTab =>
  (EDITOR_TABS as readonly (string | null)[]).includes(value);

/** The editor of a campaign, on a tab (My Campaigns' "Post update" opens `?tab=updates`). */
export function editorTabHref(campaignId: string, tab: EditorTab = 'details'): string {
  const base = `/campaign/edit/${encodeURIComponent(campaignId)}`;
  return tab === 'details' ? base : `${base}?tab=${tab}`;
}
