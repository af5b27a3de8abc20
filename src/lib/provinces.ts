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
