import { SA_PROVINCES } from '~/lib/provinces';

// The place box's suggestions on /find-campaign: the nine provinces and the cities and towns people
// search for most, from a fixed list. A fixed list costs nothing per page (the page is cached per
// address and would otherwise need a query, and a tag, for the cities in use) and answers from the
// first letter, where a place search over the database is at its dearest (two letters match most rows).

/** Cities and large towns, by size; the search matches a campaign's city or province by its words. */
export const SA_CITIES = [
  'Johannesburg',
  'Cape Town',
  'Durban',
  'Pretoria',
  'Soweto',
  'Gqeberha',
  'Port Elizabeth',
  'Bloemfontein',
  'East London',
  'Pietermaritzburg',
  'Polokwane',
  'Mbombela',
  'Kimberley',
  'Rustenburg',
  'Mahikeng',
  'Centurion',
  'Midrand',
  'Sandton',
  'Randburg',
  'Roodepoort',
  'Benoni',
  'Boksburg',
  'Germiston',
  'Kempton Park',
  'Tembisa',
  'Vereeniging',
  'Vanderbijlpark',
  'Krugersdorp',
  'Mamelodi',
  'Soshanguve',
  'Khayelitsha',
  'Mitchells Plain',
  'Stellenbosch',
  'Paarl',
  'George',
  'Knysna',
  'Mossel Bay',
  'Worcester',
  'Richards Bay',
  'Newcastle',
  'Umlazi',
  'Ballito',
  'Mthatha',
  'Makhanda',
  'Graaff-Reinet',
  'Welkom',
  'Bethlehem',
  'Upington',
  'Witbank',
  'Emalahleni',
  'Secunda',
  'Potchefstroom',
  'Klerksdorp',
  'Thohoyandou',
  'Tzaneen',
] as const;

/** Every place the box suggests: the provinces first, then the cities. */
export const SA_PLACES: readonly string[] = [...SA_PROVINCES, ...SA_CITIES];
