import type { OwnerMailSettings } from '~/lib/ownerMail';
import { api, type Envelope } from './index';

/** The mails about one's campaigns (docs/api/milestones.md): read and save the signed-in user's choice. */
export const getOwnerMailSettings = (): Promise<Envelope<OwnerMailSettings>> =>
  api.get('users/owner-mail').json();

export const saveOwnerMailSettings = (settings: OwnerMailSettings): Promise<Envelope<OwnerMailSettings>> =>
  api.put('users/owner-mail', { json: settings }).json();
