/**
 * South African banks and their universal branch codes. Pure data, shared by
 * the browser (banking forms) and the server (seed, payouts).
 */

export interface Bank {
  name: string;
  /** Universal branch code; empty for Other/International. */
  universalBranchCode: string;
  /** Other names people type for the same bank. */
  aliases?: readonly string[];
}

export const OTHER_INTERNATIONAL_BANK: Bank = { name: 'Other/International', universalBranchCode: '' };

// Order matters where two banks share a code: a bare code derives the first.
export const SA_BANKS: readonly Bank[] = [
  { name: 'ABSA Bank', universalBranchCode: '632005', aliases: ['ABSA', 'Absa Bank Limited'] },
  { name: 'Access Bank', universalBranchCode: '410506', aliases: ['Grobank', 'Bank of Athens'] },
  { name: 'African Bank', universalBranchCode: '430000' },
  { name: 'Albaraka Bank', universalBranchCode: '800000' },
  { name: 'Bank Zero', universalBranchCode: '888000' },
  { name: 'Bidvest Bank', universalBranchCode: '462005' },
  { name: 'BNP Paribas', universalBranchCode: '688000' },
  { name: 'Capitec Bank', universalBranchCode: '470010', aliases: ['Capitec'] },
  { name: 'Capitec Business', universalBranchCode: '450105' },
  { name: 'Citibank', universalBranchCode: '350005' },
  { name: 'Discovery Bank', universalBranchCode: '679000', aliases: ['Discovery'] },
  { name: 'Finbond Mutual Bank', universalBranchCode: '589000', aliases: ['Finbond'] },
  { name: 'First National Bank', universalBranchCode: '250655', aliases: ['FNB', 'FirstRand Bank'] },
  { name: 'Grindrod Bank', universalBranchCode: '584000' },
  { name: 'HBZ Bank', universalBranchCode: '570100' },
  { name: 'Habib Overseas Bank', universalBranchCode: '700066' },
  { name: 'HSBC Bank', universalBranchCode: '587000', aliases: ['HSBC'] },
  { name: 'Investec Bank', universalBranchCode: '580105', aliases: ['Investec'] },
  { name: 'Ithala', universalBranchCode: '757026' },
  { name: 'Mercantile Bank', universalBranchCode: '450105' },
  { name: 'Nedbank', universalBranchCode: '198765', aliases: ['Nedbank Limited'] },
  { name: 'Old Mutual', universalBranchCode: '462005', aliases: ['Old Mutual Bank'] },
  { name: 'Postbank', universalBranchCode: '460005', aliases: ['SA Post Office', 'South African Postbank'] },
  { name: 'Rand Merchant Bank', universalBranchCode: '261251', aliases: ['RMB'] },
  { name: 'Sasfin Bank', universalBranchCode: '683000', aliases: ['Sasfin'] },
  {
    name: 'Standard Bank',
    universalBranchCode: '051001',
    aliases: ['Standard Bank of South Africa', 'Stanbic'],
  },
  { name: 'TymeBank', universalBranchCode: '678910', aliases: ['Tyme Bank'] },
  { name: 'Ubank', universalBranchCode: '431010' },
  { name: 'VBS Mutual Bank', universalBranchCode: '588000' },
  OTHER_INTERNATIONAL_BANK,
];

const normalise = (value: string): string => value.trim().toLowerCase().replace(/\s+/g, ' ');

const byName = new Map<string, Bank>(
  SA_BANKS.flatMap((bank) => [bank.name, ...(bank.aliases ?? [])].map((n) => [normalise(n), bank] as const)),
);

/**
 * The bank a form's fields name: a known name wins; otherwise a known
 * universal branch code gives its bank; otherwise Other/International.
 */
export function deriveBank({
  bankName,
  bankCode,
}: {
  bankName?: string | null;
  bankCode?: string | null;
}): Bank {
  const named = bankName ? byName.get(normalise(bankName)) : undefined;
  if (named) return named;
  const code = bankCode?.replace(/\s+/g, '') ?? '';
  const coded = code === '' ? undefined : SA_BANKS.find((bank) => bank.universalBranchCode === code);
  return coded ?? OTHER_INTERNATIONAL_BANK;
}

/**
 * A bank that no longer exists in South Africa: absorbed into another (its accounts became the
 * successor's) or closed. Existing banking details may still name one, so it stays known and is
 * shown as "(former bank)"; new or changed banking details may not name it.
 */
export interface FormerBank {
  name: string;
  /** The bank its accounts moved to; null when it closed (VBS Mutual Bank, Unibank). */
  successor: string | null;
  /** Other names people type for it. */
  aliases?: readonly string[];
}

export const FORMER_BANKS: readonly FormerBank[] = [
  { name: 'Allied Bank (ABSA)', successor: 'ABSA Bank', aliases: ['Allied Bank', 'Allied Building Society'] },
  { name: 'Bank of Athens', successor: 'Access Bank' },
  { name: 'Bank of Lisbon (Mercantile)', successor: 'Capitec Business', aliases: ['Bank of Lisbon'] },
  { name: 'Bankfin (ABSA)', successor: 'ABSA Bank', aliases: ['Bankfin'] },
  { name: 'BoE Bank (Nedbank)', successor: 'Nedbank', aliases: ['BoE Bank', 'BoE', 'Board of Executors'] },
  { name: 'Boland Bank (Nedbank)', successor: 'Nedbank', aliases: ['Boland Bank'] },
  { name: 'Cape of Good Hope Bank (Nedbank)', successor: 'Nedbank', aliases: ['Cape of Good Hope Bank'] },
  { name: 'Grobank', successor: 'Access Bank' },
  { name: 'Imperial Bank (Nedbank)', successor: 'Nedbank', aliases: ['Imperial Bank'] },
  { name: 'Mercantile Bank', successor: 'Capitec Business', aliases: ['Mercantile'] },
  {
    name: 'NBS Bank (Nedbank)',
    successor: 'Nedbank',
    aliases: ['NBS Bank', 'NBS', 'Natal Building Society'],
  },
  { name: 'Peoples Bank (Nedbank)', successor: 'Nedbank', aliases: ['Peoples Bank', "People's Bank"] },
  {
    name: 'Permanent Bank (Nedbank)',
    successor: 'Nedbank',
    aliases: ['Permanent Bank', 'Perm', 'Permanent Building Society'],
  },
  { name: 'Saambou Bank (FNB)', successor: 'First National Bank', aliases: ['Saambou', 'Saambou Bank'] },
  { name: 'Syfrets (Nedbank)', successor: 'Nedbank', aliases: ['Syfrets'] },
  { name: 'Trust Bank (ABSA)', successor: 'ABSA Bank', aliases: ['Trust Bank'] },
  { name: 'Unibank', successor: null },
  {
    name: 'United Bank (ABSA)',
    successor: 'ABSA Bank',
    aliases: ['United Bank', 'UBS', 'United Building Society'],
  },
  { name: 'VBS Mutual Bank', successor: null, aliases: ['VBS', 'Venda Building Society'] },
  { name: 'Volkskas Bank (ABSA)', successor: 'ABSA Bank', aliases: ['Volkskas', 'Volkskas Bank'] },
];

const formerByName = new Map<string, FormerBank>(
  FORMER_BANKS.flatMap((bank) =>
    [bank.name, ...(bank.aliases ?? [])].map((n) => [normalise(n), bank] as const),
  ),
);

/** The former bank a typed or chosen name means, if it means one. */
export const formerBankNamed = (name: string | null | undefined): FormerBank | null =>
  (name ? formerByName.get(normalise(name)) : undefined) ?? null;

/** Whether a bank's name is a former bank's (see FORMER_BANKS). */
export const isFormerBank = (name: string | null | undefined): boolean => formerBankNamed(name) !== null;

/** A bank's name as a form or a summary shows it: a former bank's says so. */
export const bankDisplayName = (name: string): string =>
  isFormerBank(name) ? `${name} (former bank)` : name;

/** The banking fields that name a bank. */
export interface NamedBank {
  bankName?: string | null;
  bankNameAlt?: string | null;
  bankCode?: string | null;
}

/**
 * The former bank new banking details name, by their chosen or typed name or by a branch code only a
 * former bank used (VBS Mutual Bank's 588000), or null when they name a bank that exists.
 */
export function formerBankOf(details: NamedBank): FormerBank | null {
  return (
    formerBankNamed(details.bankName) ??
    formerBankNamed(details.bankNameAlt) ??
    formerBankNamed(deriveBank(details).name)
  );
}

/** Why new banking details may not name a former bank, and what to choose instead. */
export const formerBankMessage = (bank: FormerBank): string =>
  bank.successor
    ? `${bank.name} no longer exists: its accounts are now ${bank.successor}'s. Please choose ${bank.successor}.`
    : `${bank.name} no longer exists. Please choose the bank that holds the account now.`;

export interface PaysoftBank {
  id: number;
  name: string;
  /** The universal branch code Paysoft debits against; empty for Other/International. */
  paysoftMapping: string;
}

/** The 57 banks of the Paysoft list, including absorbed banks whose accounts still exist. */
export const PAYSOFT_BANKS: readonly PaysoftBank[] = [
  { id: 1, name: 'ABSA Bank', paysoftMapping: '632005' },
  { id: 2, name: 'Access Bank', paysoftMapping: '410506' },
  { id: 3, name: 'African Bank', paysoftMapping: '430000' },
  { id: 4, name: 'Albaraka Bank', paysoftMapping: '800000' },
  { id: 5, name: 'Allied Bank (ABSA)', paysoftMapping: '632005' },
  { id: 6, name: 'Bank of Athens', paysoftMapping: '410506' },
  { id: 7, name: 'Bank of China', paysoftMapping: '686000' },
  { id: 8, name: 'Bank of Lisbon (Mercantile)', paysoftMapping: '450105' },
  { id: 9, name: 'Bank Zero', paysoftMapping: '888000' },
  { id: 10, name: 'Bankfin (ABSA)', paysoftMapping: '632005' },
  { id: 11, name: 'Bidvest Bank', paysoftMapping: '462005' },
  { id: 12, name: 'BNP Paribas', paysoftMapping: '688000' },
  { id: 13, name: 'BoE Bank (Nedbank)', paysoftMapping: '198765' },
  { id: 14, name: 'Boland Bank (Nedbank)', paysoftMapping: '198765' },
  { id: 15, name: 'Cape of Good Hope Bank (Nedbank)', paysoftMapping: '198765' },
  { id: 16, name: 'Capitec Bank', paysoftMapping: '470010' },
  { id: 17, name: 'Capitec Business', paysoftMapping: '450105' },
  { id: 18, name: 'Citibank', paysoftMapping: '350005' },
  { id: 19, name: 'Discovery Bank', paysoftMapping: '679000' },
  { id: 20, name: 'Finbond Mutual Bank', paysoftMapping: '589000' },
  { id: 21, name: 'First National Bank', paysoftMapping: '250655' },
  { id: 22, name: 'FirstRand Bank', paysoftMapping: '250655' },
  { id: 23, name: 'Grindrod Bank', paysoftMapping: '584000' },
  { id: 24, name: 'Grobank', paysoftMapping: '410506' },
  { id: 25, name: 'HBZ Bank', paysoftMapping: '570100' },
  { id: 26, name: 'Habib Overseas Bank', paysoftMapping: '700066' },
  { id: 27, name: 'HSBC Bank', paysoftMapping: '587000' },
  { id: 28, name: 'Imperial Bank (Nedbank)', paysoftMapping: '198765' },
  { id: 29, name: 'Investec Bank', paysoftMapping: '580105' },
  { id: 30, name: 'Ithala', paysoftMapping: '757026' },
  { id: 31, name: 'JP Morgan Chase', paysoftMapping: '432000' },
  { id: 32, name: 'Mercantile Bank', paysoftMapping: '450105' },
  { id: 33, name: 'NBS Bank (Nedbank)', paysoftMapping: '198765' },
  { id: 34, name: 'Nedbank', paysoftMapping: '198765' },
  { id: 35, name: 'Old Mutual', paysoftMapping: '462005' },
  { id: 36, name: 'Olympus Mobile', paysoftMapping: '585001' },
  { id: 37, name: 'Peoples Bank (Nedbank)', paysoftMapping: '198765' },
  { id: 38, name: 'Permanent Bank (Nedbank)', paysoftMapping: '198765' },
  { id: 39, name: 'Postbank', paysoftMapping: '460005' },
  { id: 40, name: 'Rand Merchant Bank', paysoftMapping: '261251' },
  { id: 41, name: 'RMB Private Bank', paysoftMapping: '222026' },
  { id: 42, name: 'Saambou Bank (FNB)', paysoftMapping: '250655' },
  { id: 43, name: 'Sasfin Bank', paysoftMapping: '683000' },
  { id: 44, name: 'Société Générale', paysoftMapping: '351005' },
  { id: 45, name: 'Standard Bank', paysoftMapping: '051001' },
  { id: 46, name: 'Standard Chartered Bank', paysoftMapping: '730020' },
  { id: 47, name: 'State Bank of India', paysoftMapping: '801000' },
  { id: 48, name: 'Syfrets (Nedbank)', paysoftMapping: '198765' },
  { id: 49, name: 'Trust Bank (ABSA)', paysoftMapping: '632005' },
  { id: 50, name: 'TymeBank', paysoftMapping: '678910' },
  { id: 51, name: 'Ubank', paysoftMapping: '431010' },
  { id: 52, name: 'Unibank', paysoftMapping: '790005' },
  { id: 53, name: 'United Bank (ABSA)', paysoftMapping: '632005' },
  { id: 54, name: 'VBS Mutual Bank', paysoftMapping: '588000' },
  { id: 55, name: 'Volkskas Bank (ABSA)', paysoftMapping: '632005' },
  { id: 56, name: 'Wesbank (FNB)', paysoftMapping: '250655' },
  { id: 57, name: 'Other/International', paysoftMapping: '' },
];

/** The name of the bank of `GET /paysoft/banks` id `id`, if any. */
export const paysoftBankName = (id: number): string | undefined =>
  PAYSOFT_BANKS.find((bank) => bank.id === id)?.name;
