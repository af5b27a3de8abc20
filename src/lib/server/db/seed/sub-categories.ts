import { CampaignCategory as C, type CampaignCategory } from '~/lib/enums';

const BY_CATEGORY: readonly [CampaignCategory, readonly string[]][] = [
  [C.Uncategorised, ['General']],
  [
    C.Organisation,
    ['Registered NPO', 'Public Benefit Organisation', 'Non-Profit Company', 'Faith-Based Organisation'],
  ],
  [
    C.Health,
    [
      'Medical treatment',
      'Surgery',
      'Cancer treatment',
      'Chronic illness',
      'Mental health',
      'Dental care',
      'Cosmetic and reconstructive',
    ],
  ],
  [C.InLovingMemory, ['Funeral costs', 'Memorial fund', 'Support for the family', 'Tombstone unveiling']],
  [C.Disaster, ['Fire relief', 'Flood relief', 'Drought relief', 'Storm damage', 'Emergency food parcels']],
  [
    C.Education,
    [
      'School fees',
      'University and college fees',
      'Bursaries',
      'Books and stationery',
      'Skills training',
      'School infrastructure',
    ],
  ],
  [
    C.Sport,
    [
      'Team travel and tournaments',
      'Equipment and kit',
      'Athlete development',
      'Charity challenge (run, ride, swim)',
    ],
  ],
  [
    C.SocialWelfare,
    [
      'Community projects',
      'Soup kitchens and food security',
      'Shelters',
      'Early childhood development',
      'Older persons',
      'Gender-based violence support',
    ],
  ],
  [C.Youth, ['Youth programmes', 'Mentorship', 'Holiday clubs and camps', 'Youth employment']],
  [C.ArtsAndCulture, ['Music', 'Film and theatre', 'Visual arts', 'Heritage', 'Dance']],
  [
    C.NatureConservation,
    [
      'Wildlife and anti-poaching',
      'Marine conservation',
      'Tree planting and rehabilitation',
      'Clean-ups and recycling',
    ],
  ],
  [
    C.AnimalWelfare,
    ['Rescue and rehoming', 'Sterilisation campaigns', 'Veterinary care', 'Animal shelters and sanctuaries'],
  ],
  [C.Vehicle, ['Vehicle repairs', 'Adapted vehicle', 'Transport for a project']],
  [C.Home, ['Rebuilding a home', 'Home repairs', 'Accessibility adaptations', 'Rent and housing support']],
  [
    C.Business,
    ['Small business start-up', 'App or technology', 'Equipment and stock', 'Recovery after loss'],
  ],
  [C.Legal, ['Legal fees', 'Human rights cases', 'Community legal action']],
  [C.Other, ['Other']],
];

/** Sub-categories with stable ids, numbered in the order above. */
export const SUB_CATEGORIES: { id: number; name: string; campaignCategoryId: number }[] = BY_CATEGORY.flatMap(
  ([campaignCategoryId, names]) => names.map((name) => ({ name, campaignCategoryId })),
).map((row, i) => ({ id: i + 1, ...row }));
