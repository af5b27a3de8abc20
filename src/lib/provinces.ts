import { m } from '~/lib/i18n';

/**
 * The nine provinces of South Africa, in the order the forms list them: the
 * profile's and the campaign's province, and the suggestions of the campaign search.
 * Apart from the schemas so a page can list them without loading valibot.
 */
export const SA_PROVINCES = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'Northern Cape',
  'North West',
  'Western Cape',
] as const;
export type SaProvince = (typeof SA_PROVINCES)[number];

/**
 * A province's name in the page's language, where the language has a form of its own ('Wes-Kaap');
 * the others are proper nouns and stay as they are. Display only: forms and searches keep the English.
 */
export function provinceLabel(province: SaProvince): string {
  switch (province) {
    case 'Eastern Cape':
      return m.search_province_eastern_cape();
    case 'Free State':
      return m.search_province_free_state();
    case 'North West':
      return m.search_province_north_west();
    case 'Northern Cape':
      return m.search_province_northern_cape();
    case 'Western Cape':
      return m.search_province_western_cape();
    default:
      return province;
  }
}
