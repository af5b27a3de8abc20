import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { invitationSentence } from '~/lib/invitationText';
import { createCampaignSchema, editCampaignSchema } from '~/lib/schemas/campaign';

describe('what an invitation is for, in one sentence (issue 22)', () => {
  it('names the inviter, the role and the organisation or campaign', () => {
    expect(
      invitationSentence({
        organizationName: 'Themba Care Foundation NPC',
        campaignName: null,
        inviterName: 'Thandi Mokoena',
        userRole: 3,
      }),
    ).toBe('Thandi Mokoena invited you to be a Champion of Themba Care Foundation NPC');
    expect(
      invitationSentence({
        organizationName: 'Ikhaya Trust',
        campaignName: null,
        inviterName: 'Nomsa Dlamini',
        userRole: 1,
      }),
    ).toBe('Nomsa Dlamini invited you to be an Admin of Ikhaya Trust');
    expect(
      invitationSentence({
        organizationName: null,
        campaignName: 'Books for Kgosi',
        inviterName: null,
        userRole: 2,
      }),
    ).toBe('Someone invited you to be an Editor on the team of the campaign “Books for Kgosi”');
  });
});

describe('"For an organisation" needs its organisation (one rule for the form and the server)', () => {
  it('refuses it without one, on create and edit, under the organisation field', () => {
    for (const schema of [createCampaignSchema, editCampaignSchema]) {
      for (const organisation of [undefined, '', null]) {
        const result = v.safeParse(schema, { name: 'Blankets', forOrganisation: 'true', organisation });
        if (result.success) throw new Error('"For an organisation" without one was accepted');
        expect(v.flatten(result.issues).nested?.organisation).toEqual([
          'Please choose the organisation this campaign raises funds for.',
        ]);
      }
      const chosen = v.safeParse(schema, {
        name: 'Blankets',
        forOrganisation: true,
        organisation: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      });
      expect(chosen.success).toBe(true);
      expect(
        v.safeParse(schema, { name: 'Blankets', forOrganisation: false, organisation: '' }).success,
      ).toBe(true);
    }
  });
});
