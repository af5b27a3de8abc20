import { beforeEach, describe, expect, it, vi } from 'vitest';

const post = vi.fn();
const renewAccessToken = vi.fn();
const loadMyOrganisation = vi.fn();
vi.mock('~/lib/api', () => ({ api: { post }, renewAccessToken }));
vi.mock('~/stores/myOrganisation', () => ({ loadMyOrganisation }));
vi.mock('~/stores/tokens', () => ({ $accessToken: { get: () => 'old-access-token' } }));

const { answerInvitation } = await import('~/stores/invitation');

const answered = (data: Record<string, unknown>, message: string) => ({
  json: () => Promise.resolve({ data, meta: { message } }),
});
const ORGANISATION = {
  campaignId: null,
  campaignUrl: null,
  organizationId: 'org-1',
  organizationUrl: 'ubuntu-reading-club',
  organizationName: 'Ubuntu Reading Club',
  userRole: 3,
};

beforeEach(() => {
  post.mockReset();
  renewAccessToken.mockReset().mockResolvedValue('new-access-token');
  loadMyOrganisation.mockReset().mockResolvedValue(undefined);
});

describe('answering an invitation', () => {
  it('after joining an organisation, renews the tokens at once and then reloads the organisation', async () => {
    const order: string[] = [];
    renewAccessToken.mockImplementation(async () => order.push('renew'));
    loadMyOrganisation.mockImplementation(async () => order.push('organisation'));
    post.mockReturnValue(answered({ ...ORGANISATION, inviteStatus: 1 }, 'Invitation accepted.'));
    const result = await answerInvitation('mail-token', true);
    expect(post).toHaveBeenCalledWith('team-members', { json: { token: 'mail-token', accept: true } });
    expect(result).toMatchObject({ ok: true, message: 'Invitation accepted.' });
    expect(renewAccessToken).toHaveBeenCalledWith('old-access-token');
    expect(order).toEqual(['renew', 'organisation']);
  });

  it('leaves the session alone after a campaign invitation or a declined one', async () => {
    post.mockReturnValue(
      answered(
        { ...ORGANISATION, organizationId: null, campaignId: 'c-1', inviteStatus: 1 },
        'Invitation accepted.',
      ),
    );
    await answerInvitation('mail-token', true);
    post.mockReturnValue(answered({ ...ORGANISATION, inviteStatus: 2 }, 'Invitation declined.'));
    expect(await answerInvitation('mail-token', false)).toMatchObject({ ok: true });
    expect(renewAccessToken).not.toHaveBeenCalled();
    expect(loadMyOrganisation).not.toHaveBeenCalled();
  });

  it('still reports the accepted invitation when the renewal fails', async () => {
    renewAccessToken.mockRejectedValue(new Error('offline'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    post.mockReturnValue(answered({ ...ORGANISATION, inviteStatus: 1 }, 'Invitation accepted.'));
    expect(await answerInvitation('mail-token', true)).toMatchObject({ ok: true });
  });
});
