import type { ReactElement } from 'react';
import { CAMPAIGN_TYPE_GLYPHS } from '~/components/campaign/typeGlyphs';
import type { CampaignType } from '~/lib/campaignDisplay';

/** The campaign-type indicator's glyph (the React twin of CampaignTypeIcon.astro). */
export function CampaignTypeGlyph({
  type,
  className = 'h-4 w-4',
}: {
  type: CampaignType;
  className?: string;
}): ReactElement {
  const glyph = CAMPAIGN_TYPE_GLYPHS[type];
  return (
    <svg
      width="20"
      height="20"
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {glyph.circles.map(([cx, cy, r]) => (
        <circle key={`${cx},${cy},${r}`} cx={cx} cy={cy} r={r} />
      ))}
      {glyph.paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
