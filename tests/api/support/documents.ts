/** A tiny PDF that passes the document checks (identification, certificates, invoices). */
export const TINY_PDF = new TextEncoder().encode('%PDF-1.4\n% a tiny test document\n%%EOF\n');

/** Banking details that pass validation (a real-looking SA ID, account and branch code); give each test its own holder. */
export function validBanking(accountHolderName: string) {
  return {
    accountHolderName,
    idType: 1,
    idNumber: '8001015009087',
    accountNumber: '62845190273',
    bankCode: '250655',
    accountType: 0,
  };
}
