/**
 * Who a campaign's money is paid out to, in words (issue 22): one rule for the
 * editor's review step and the launch confirmation, so the owner reads the same
 * sentence before launching as the server will act on when paying out.
 * A campaign for an organisation pays its verified account; any other pays the
 * campaign's owner.
 */

export interface PayeeInput {
  /** The organisation the campaign raises for, or null (Independent or Bluetick). */
  organisation: { legalName: string } | null;
  /** The person reading: the campaign's owner ("you") unless given the owner's name. */
  ownerName?: string | null;
}

/** "Paid out to Themba Care Foundation NPC's verified account", or "Paid out to you". */
export function payoutRecipientText({ organisation, ownerName }: PayeeInput): string {
  const legalName = organisation?.legalName.trim();
  if (legalName) return `Paid out to ${possessive(legalName)} verified account`;
  const owner = ownerName?.trim();
  return owner ? `Paid out to ${owner}, the campaign's owner` : 'Paid out to you';
}

/** "Themba Care Foundation NPC's"; a name ending in s takes only the apostrophe ("Friends'"). */
function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}
