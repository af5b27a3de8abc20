import { describe, expect, it } from 'vitest';
import { payeeOf } from '~/islands/editor/LaunchConfirm';
import { payoutRecipientText } from '~/lib/campaignPayee';

// Issue 22: the review step and the launch confirmation say, with one rule, who is paid.

const THEMBA = { id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', legalName: 'Themba Care Foundation NPC' };

describe('who is paid (src/lib/campaignPayee.ts)', () => {
  it("names the organisation's verified account for a campaign raised for one", () => {
    expect(payoutRecipientText({ organisation: THEMBA })).toBe(
      "Paid out to Themba Care Foundation NPC's verified account",
    );
    expect(payoutRecipientText({ organisation: { legalName: 'Friends of the Hospices' } })).toBe(
      "Paid out to Friends of the Hospices' verified account",
    );
  });

  it('pays the owner otherwise: "you" for the owner, the owner by name for the rest of the team', () => {
    expect(payoutRecipientText({ organisation: null })).toBe('Paid out to you');
    expect(payoutRecipientText({ organisation: null, ownerName: '  ' })).toBe('Paid out to you');
    expect(payoutRecipientText({ organisation: null, ownerName: 'Lwazi Dube' })).toBe(
      "Paid out to Lwazi Dube, the campaign's owner",
    );
    // An organisation campaign pays the organisation whoever reads it.
    expect(payoutRecipientText({ organisation: THEMBA, ownerName: 'Lwazi Dube' })).toBe(
      "Paid out to Themba Care Foundation NPC's verified account",
    );
  });

  it("the editor's form values: the chosen organisation, never a silent fallback to the owner", () => {
    const organisations = [THEMBA];
    expect(payeeOf({ fundingChoice: 'organisation', organisation: THEMBA.id }, organisations, null)).toBe(
      "Paid out to Themba Care Foundation NPC's verified account",
    );
    expect(payeeOf({ fundingChoice: 'organisation', organisation: '' }, organisations, null)).toBe(
      'Choose the organisation this campaign raises funds for',
    );
    expect(payeeOf({ fundingChoice: 'independent', organisation: THEMBA.id }, organisations, null)).toBe(
      'Paid out to you',
    );
    expect(payeeOf({ fundingChoice: 'bluetick', organisation: '' }, organisations, null)).toBe(
      'Paid out to you',
    );
  });
});
