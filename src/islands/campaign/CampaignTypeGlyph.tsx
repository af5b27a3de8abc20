import type { ReactElement } from 'react';
import { Icon } from '~/islands/ui/Icon';
import type { CampaignType } from '~/lib/campaignDisplay';

interface Glyph {
  paths: readonly string[];
  circles: readonly (readonly [cx: number, cy: number, r: number])[];
}

const CAMPAIGN_TYPE_GLYPHS: Readonly<Record<CampaignType, Glyph>> = {
  bluetick: {
    paths: [
      'M12 2l2.4 1.8 3-.2.9 2.9 2.5 1.7-1 2.8 1 2.8-2.5 1.7-.9 2.9-3-.2L12 22l-2.4-1.8-3 .2-.9-2.9-2.5-1.7 1-2.8-1-2.8 2.5-1.7.9-2.9 3 .2z',
      'M8.5 12l2.3 2.3 4.7-4.7',
    ],
    circles: [],
  },
  independent: {
    paths: ['M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7'],
    circles: [[12, 8, 4]],
  },
  organisation: {
    paths: [
      'M4 21V5l8-3 8 3v16',
      'M2 21h20M9 21v-4h6v4M8 8h.01M12 8h.01M16 8h.01M8 12h.01M12 12h.01M16 12h.01',
    ],
    circles: [],
  },
  champion: {
    paths: [
      'M8.5 14l-1.5 8 5-3 5 3-1.5-8',
      'M12 6.5l.8 1.6 1.7.2-1.2 1.2.3 1.7-1.6-.8-1.6.8.3-1.7-1.2-1.2 1.7-.2z',
    ],
    circles: [[12, 9, 6]],
  },
};

/** The campaign-type indicator's glyph; also rendered to static HTML by the Astro campaign page. */
export function CampaignTypeGlyph({
  type,
  className = 'h-4 w-4',
}: {
  type: CampaignType;
  className?: string;
}): ReactElement {
  const glyph = CAMPAIGN_TYPE_GLYPHS[type];
  return (
    <Icon className={className}>
      {glyph.circles.map(([cx, cy, r]) => (
        <circle key={`${cx},${cy},${r}`} cx={cx} cy={cy} r={r} />
      ))}
      {glyph.paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </Icon>
  );
}
