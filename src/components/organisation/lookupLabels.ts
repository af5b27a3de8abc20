import { m } from '~/lib/i18n';

/**
 * The organisation types' and sectors' names in the page's language, by their English names (the
 * lookups of src/lib/server/db/seed/lookups.ts, as the database holds them); a name the site does
 * not know stays as stored. Functions, not constants: the messages are read at render time.
 */
function labelOf(labels: Readonly<Record<string, () => string>>, name: string): string {
  return Object.hasOwn(labels, name) ? (labels[name]?.() ?? name) : name;
}

/** An organisation type's name ('Non-Profit Organisation (NPO)') in the page's language. */
export function organisationTypeLabel(name: string): string {
  return labelOf(
    {
      'Non-Profit Organisation (NPO)': m.organisation_type_1,
      'Public Benefit Organisation (PBO)': m.organisation_type_2,
      'Non-Profit Company (NPC)': m.organisation_type_3,
      Trust: m.organisation_type_4,
      'Voluntary Association': m.organisation_type_5,
      'Community-Based Organisation (CBO)': m.organisation_type_6,
      'Faith-Based Organisation': m.organisation_type_7,
      'School or Educational Institution': m.organisation_type_8,
      Other: m.organisation_type_9,
    },
    name,
  );
}

/** A sector's name ('Education') in the page's language. */
export function sectorLabel(name: string): string {
  return labelOf(
    {
      Education: m.organisation_sector_1,
      'Early Childhood Development': m.organisation_sector_2,
      Health: m.organisation_sector_3,
      'HIV/AIDS and TB': m.organisation_sector_4,
      'Social Services and Welfare': m.organisation_sector_5,
      Children: m.organisation_sector_6,
      'Youth Development': m.organisation_sector_7,
      'Women and Gender': m.organisation_sector_8,
      'Gender-Based Violence': m.organisation_sector_9,
      'Older Persons': m.organisation_sector_10,
      Disability: m.organisation_sector_11,
      'Food Security and Nutrition': m.organisation_sector_12,
      'Housing and Shelter': m.organisation_sector_13,
      'Water and Sanitation': m.organisation_sector_14,
      'Environment and Conservation': m.organisation_sector_15,
      'Animal Welfare': m.organisation_sector_16,
      'Arts, Culture and Heritage': m.organisation_sector_17,
      'Sport and Recreation': m.organisation_sector_18,
      'Community Development': m.organisation_sector_19,
      'Skills Development and Employment': m.organisation_sector_20,
      'Substance Abuse': m.organisation_sector_21,
      'Human Rights and Legal Aid': m.organisation_sector_22,
      'Disaster Relief': m.organisation_sector_23,
      'Faith-Based': m.organisation_sector_24,
    },
    name,
  );
}
