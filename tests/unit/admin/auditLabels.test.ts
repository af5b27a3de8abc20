import { describe, expect, it } from 'vitest';
import {
  type AuditNames,
  auditActionLabel,
  auditChangeLine,
  auditChanges,
  auditEntityLabel,
  auditReferences,
  describeAuditEntry,
  humanise,
} from '~/lib/auditLabels';
import { BankingRequestStatus, FundingType, PayoutStatus } from '~/lib/enums';

const ORG_A = '11111111-1111-4111-8111-111111111111';
const ORG_B = '22222222-2222-4222-8222-222222222222';
const names: AuditNames = {
  organisation: { [ORG_A]: 'Themba Care Foundation NPC', [ORG_B]: 'Qonce Rotary Trust' },
  closeReason: { '3': 'Target reached' },
  payout: { p1: 'R 4 550.00 from Rain tanks' },
};

const lines = (entity: string, before: unknown, after: unknown) =>
  auditChanges(entity, before, after, names).map(auditChangeLine);

describe('the audit log in words', () => {
  it('names a payout’s statuses: accepted then paid reads "Accepted → Paid"', () => {
    expect(
      lines(
        'payout',
        { status: PayoutStatus.Accepted, bankReference: null },
        { status: PayoutStatus.Paid, bankReference: 'FNB 123' },
      ),
    ).toEqual(['Status: Accepted → Paid', 'Bank reference: — → FNB 123']);
  });

  it('names banking details nested in a decision, and hides their id', () => {
    expect(
      lines(
        'organisation',
        { isVerified: false, bankingDetail: { id: 'b1', requestStatus: BankingRequestStatus.Pending } },
        { isVerified: true, bankingDetail: { id: 'b1', requestStatus: BankingRequestStatus.Accepted } },
      ),
    ).toEqual(['Verified: No → Yes', 'Banking details status: Pending → Accepted']);
  });

  it('keeps only what changed, and every field of a creation', () => {
    expect(
      lines('campaign', { hidden: false, name: 'Rain tanks' }, { hidden: true, name: 'Rain tanks' }),
    ).toEqual(['Hidden: No → Yes']);
    expect(lines('close-reason', null, { id: 4, name: 'Fraud' })).toEqual(['Name: — → Fraud']);
    expect(lines('campaign', undefined, undefined)).toEqual([]);
  });

  it('reads a campaign move from its details: organisations by name, funding type by label, the reason as a note', () => {
    const described = describeAuditEntry(
      {
        action: 'campaign-move',
        entity: 'campaign',
        entityId: 'c1',
        before: null,
        after: null,
        details: {
          before: { organisationId: ORG_A, fundingType: FundingType.Standard },
          after: { organisationId: null, fundingType: FundingType.Bluetick },
          reason: 'The charity asked us to',
        },
      },
      names,
    );
    expect(described.actionLabel).toBe('Moved the campaign');
    expect(described.changes.map(auditChangeLine)).toEqual([
      'Organisation: Themba Care Foundation NPC → None (independent)',
      'Funding type: Standard → Bluetick',
    ]);
    expect(described.notes).toEqual([{ label: 'Reason', value: 'The charity asked us to' }]);
  });

  it('names the entity, and labels notes and close reasons', () => {
    const described = describeAuditEntry(
      {
        action: 'admin-payout-declined',
        entity: 'payout',
        entityId: 'p1',
        before: { status: PayoutStatus.Pending },
        after: { status: PayoutStatus.Declined },
        details: { note: 'Called the owner', closeReasonId: 3 },
      },
      names,
    );
    expect(described).toMatchObject({
      actionLabel: 'Declined the payout',
      entityLabel: 'Payout',
      entityName: 'R 4 550.00 from Rain tanks',
    });
    expect(described.changes.map(auditChangeLine)).toEqual(['Status: Pending → Declined']);
    expect(described.notes).toEqual([
      { label: 'Note', value: 'Called the owner' },
      { label: 'Close reason', value: 'Target reached' },
    ]);
  });

  it('falls back to words for actions, kinds and fields it does not know', () => {
    expect(auditActionLabel('admin-something-new')).toBe('Something new');
    expect(auditEntityLabel('payout_item')).toBe('Payout item');
    expect(humanise('accountHolderName')).toBe('Account holder name');
    expect(lines('thing', { colour: 'red', tags: ['a'] }, { colour: 'blue', tags: ['a', 'b'] })).toEqual([
      'Colour: red → blue',
      'Tags: a → a, b',
    ]);
  });

  it('lists the ids it needs names for, wherever they sit', () => {
    expect(
      auditReferences({
        action: 'campaign-move',
        entity: 'campaign',
        entityId: 'c1',
        before: null,
        after: null,
        details: { before: { organisationId: ORG_A }, after: { organisationId: ORG_B }, closeReasonId: 3 },
      }),
    ).toEqual([
      ['campaign', 'c1'],
      ['organisation', ORG_A],
      ['organisation', ORG_B],
      ['closeReason', '3'],
    ]);
  });
});
