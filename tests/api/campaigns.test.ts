import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import {
  type CampaignDetail,
  createCampaign,
  demoToken,
  launchedCampaign,
  ownerView,
  patchCampaign,
  png,
  publicDetail,
  readyCampaign,
  readyFields,
  STORY,
  uniqueWord,
} from './support/campaigns';
import { api, expectFailureEnvelope, expectSuccessEnvelope, getData, page } from './support/http';

let owner: SignedInAccount;
let stranger: SignedInAccount;
let otherOwner: SignedInAccount;

beforeAll(async () => {
  [owner, stranger, otherOwner] = await Promise.all([
    verifyAndLogin({ firstName: 'Nokuthula', lastName: 'Zwane' }),
    verifyAndLogin({ firstName: 'Stranger', lastName: 'Danger' }),
    verifyAndLogin({ firstName: 'Other', lastName: 'Owner' }),
  ]);
  await readyCampaign(otherOwner.accessToken);
});

const CAMPAIGN_IMAGE_URL = /^\/files\/images\/campaign\/[0-9a-f-]{36}\/960\.webp$/;

async function healthSubCategory(): Promise<{ id: number; name: string }> {
  const subs = await getData<{ id: number; name: string }[]>(
    '/api/v1/campaigns/sub-categories?campaignCategoryId=2',
  );
  const first = subs[0];
  if (!first) throw new Error('The seed has no Health sub-categories.');
  return first;
}

describe('POST /campaigns/', () => {
  it('saves a draft with every field and two PNGs; the owner view reads it all back', async () => {
    const sub = await healthSubCategory();
    const name = `Surgery for baby Lethabo ${uniqueWord()}`;
    const res = await createCampaign(
      owner.accessToken,
      {
        name,
        story: STORY,
        startDate: '2026-01-10',
        endDate: '2099-03-31',
        donationTarget: '125000.50',
        offlineDonations: 1500,
        thankYouMessage: 'Siyabonga! Lethabo thanks you.',
        fundingType: 1,
        campaignCategory: 2,
        campaignSubCategory: sub.id,
        currency: 1,
        notificationFrequency: 1,
        visibility: 1,
        socials: [
          { platform: 'facebook', url: 'https://www.facebook.com/lethabo.surgery' },
          { platform: 'website', url: 'https://lethabo.example.org' },
        ],
        videos: ['https://youtu.be/dQw4w9WgXcQ', 'vimeo.com/76979871'],
        address: { addressLine1: '12 Nelson Mandela Drive', city: 'Mthatha', province: 'Eastern Cape' },
        settings: { isRecurringGivingCampaign: true, showBarometer: 3, isTaxBenefit: false },
      },
      [
        { name: 'first.png', bytes: await png(800, 600, '#e63946') },
        { name: 'second.png', bytes: await png(640, 480, '#457b9d') },
      ],
    );
    expect(res.status, res.text).toBe(201);
    expectSuccessEnvelope(res.body);
    expect(res.body.meta.message).toBe('Campaign saved successfully.');
    const { id, url } = res.body.data;
    expect(url).toBe(name.toLowerCase().replace(/ /g, '-'));

    const view = await ownerView(owner.accessToken, id);
    expect(view).toMatchObject({
      id,
      name,
      url,
      story: STORY,
      published: false,
      status: 0,
      isActive: false,
      donationTarget: 125000.5,
      offlineDonations: 1500,
      donationsReceivedTotal: 0,
      totalRaised: 1500,
      payoutTotal: 0,
      uniqueDonors: 0,
      fundingType: 1,
      visibility: 1,
      isVerified: false,
      defaultTipPercentage: 12,
      thankYouMessage: 'Siyabonga! Lethabo thanks you.',
      notificationFrequency: 1,
      ownerId: owner.id,
      organization: null,
      bankingDetail: null,
      teamMembers: [],
      missingForLaunch: {},
      campaignSubCategory: { id: sub.id, name: sub.name, campaignCategoryId: 2 },
      socials: [
        { platform: 'facebook', url: 'https://www.facebook.com/lethabo.surgery' },
        { platform: 'website', url: 'https://lethabo.example.org' },
      ],
      videos: [
        'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
        'https://player.vimeo.com/video/76979871',
      ],
      address: {
        addressLine1: '12 Nelson Mandela Drive',
        addressLine2: null,
        city: 'Mthatha',
        province: 'Eastern Cape',
        zip: null,
        country: null,
      },
    });
    expect(view.startDate).toBe('2026-01-09T22:00:00.000Z');
    expect(view.endDate).toBe('2099-03-31T21:59:59.999Z');
    expect(view.shortUrl).toMatch(/^[0-9A-Za-z]{7}$/);
    expect(view.campaignCategory.id).toBe(2);
    expect(view.campaignCategory.subCategories.map((s) => s.id)).toContain(sub.id);
    expect(view.campaignSetting).toMatchObject({
      currency: { id: 1, ticker: 'ZAR' },
      isRecurringGivingCampaign: true,
      showBarometer: 3,
      showGateways: { paysoft: false, payPal: true, payfast: true, ozow: true, snapscan: true },
      isTaxBenefit: false,
      isAdminFee: true,
    });
    expect(view.owner).toMatchObject({
      id: owner.id,
      firstName: 'Nokuthula',
      lastName: 'Zwane',
      image: null,
      orgUserRole: null,
      userRole: 'user',
    });
    expect(view.owner).not.toHaveProperty('email');
    expect(view.images.map((i) => i.fileName)).toEqual(['first.png', 'second.png']);
    for (const image of view.images) {
      expect(image.url).toMatch(CAMPAIGN_IMAGE_URL);
      expect(image.srcSet).toContain('480w');
      const served = await page(image.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
    }
  });

  it('needs only a name; the url comes from it, with -2 when it is taken', async () => {
    const name = `Gogo Nomsa’s roof ${uniqueWord()}`;
    const first = await createCampaign(owner.accessToken, { name });
    const second = await createCampaign(stranger.accessToken, { name });
    expect(first.status, first.text).toBe(201);
    expect(second.status, second.text).toBe(201);
    expect(first.body.data.url).toBe(name.toLowerCase().replace('’', '').replace(/ /g, '-'));
    expect(second.body.data.url).toBe(`${first.body.data.url}-2`);
    const view = await ownerView(owner.accessToken, first.body.data.id);
    expect(view).toMatchObject({
      donationTarget: 0,
      visibility: 1,
      fundingType: 0,
      status: 0,
      published: false,
    });
    expect(view.campaignCategory.id).toBe(0);
    expect(view.campaignSetting).toMatchObject({ currency: { id: 1 }, showBarometer: 1 });
    expect(view.missingForLaunch).toEqual({
      story: ['Please tell your story in at least 50 characters.'],
      donationTarget: ['Please enter a donation target.'],
      campaignCategory: ['Please choose a category.'],
      images: ['Please add at least one image.'],
    });
  });

  it('keeps a url the owner chose, refuses a taken one (409) and reserved words', async () => {
    const url = `my-own-${uniqueWord()}`;
    const chosen = await createCampaign(owner.accessToken, { name: 'Chosen address', url });
    expect(chosen.status, chosen.text).toBe(201);
    expect(chosen.body.data.url).toBe(url);

    const taken = await createCampaign(stranger.accessToken, { name: 'Same address', url });
    expect(taken.status).toBe(409);
    expectFailureEnvelope(taken.body);
    expect(taken.body.meta.message).toBe('That web address is already taken. Try another.');

    for (const reserved of ['home', 'find-campaign', 'api', 'organization']) {
      const res = await createCampaign(owner.accessToken, { name: 'Reserved', url: reserved });
      expect(res.status, reserved).toBe(400);
      expect(res.body.data).toEqual({ url: ['That web address is reserved. Try another.'] });
    }
    const named = await createCampaign(owner.accessToken, { name: 'Home' });
    expect(named.status).toBe(201);
    expect(named.body.data.url).toMatch(/^home-\d+$/);
  });

  it.each([
    ['name', { name: undefined }, 'Please enter a name for your campaign.'],
    ['name', { name: 'ab' }, 'The campaign name must be at least 3 characters.'],
    ['name', { name: 'x'.repeat(101) }, 'The campaign name must be at most 100 characters.'],
    ['donationTarget', { donationTarget: 'lots' }, 'Please enter a donation target.'],
    ['donationTarget', { donationTarget: 0 }, 'The donation target must be more than 0.'],
    ['donationTarget', { donationTarget: 1_000_000_001 }, 'The max donation target is 1 000 000 000'],
    [
      'offlineDonations',
      { offlineDonations: 1e9 },
      'The amount raised offline must be between 0 and 10 000 000.',
    ],
    [
      'endDate',
      { startDate: '2026-05-01', endDate: '2026-04-01' },
      'The end date must be after the start date.',
    ],
    ['endDate', { endDate: 'next Tuesday' }, 'Please enter a valid end date.'],
    [
      'url',
      { url: 'Not OK!' },
      'The web address may contain only lower-case letters, digits and hyphens, and must start and end with a letter or digit.',
    ],
    ['url', { url: 'ab' }, 'The web address must be 3 to 60 characters long.'],
    ['campaignCategory', { campaignCategory: 17 }, 'Please choose a category.'],
    ['currency', { currency: 3 }, 'Please select a currency'],
    ['visibility', { visibility: 2 }, 'Please choose who can see your campaign.'],
    [
      'thankYouMessage',
      { thankYouMessage: 'x'.repeat(501) },
      'The thank-you message must be at most 500 characters.',
    ],
    ['story', { story: 'x'.repeat(20_001) }, 'Your story must be at most 20 000 characters.'],
    [
      'videos.0',
      { videos: ['https://www.dailymotion.com/video/x7'] },
      'Only YouTube and Vimeo links can be added.',
    ],
    [
      'socials.0.url',
      { socials: [{ platform: 'instagram', url: 'https://facebook.com/x' }] },
      'That link is not on the platform you chose.',
    ],
    [
      'socials.0.platform',
      { socials: [{ platform: 'myspace', url: 'https://myspace.com/x' }] },
      'Please choose a social platform.',
    ],
    ['organisation', { organisation: 'not-an-id' }, 'Please choose one of your organisations.'],
    [
      'name',
      { name: 'Clean water\r\nBcc: all' },
      'Campaign name cannot contain line breaks or hidden characters.',
    ],
    ['name', { name: 'Clean \u202Eretaw' }, 'Campaign name cannot contain line breaks or hidden characters.'],
    ['name', { name: 'Clean\u200B water' }, 'Campaign name cannot contain line breaks or hidden characters.'],
    [
      'story',
      { story: '<p>One\u202E</p>' },
      'Story cannot contain hidden control or text-direction characters.',
    ],
    ['donationTarget', { donationTarget: '0x10' }, 'Please enter a donation target.'],
    ['donationTarget', { donationTarget: '1e3' }, 'Please enter a donation target.'],
  ] as [string, Record<string, unknown>, string][])('400: %s (case %#)', async (field, fields, message) => {
    const res = await createCampaign(owner.accessToken, { name: 'A valid name', ...fields });
    expect(res.status, res.text).toBe(400);
    expectFailureEnvelope(res.body);
    expect((res.body.data as unknown as Record<string, string[]>)[field]).toEqual([message]);
  });

  it('400 for references that do not hold: a foreign sub-category, an unknown event; 403 for an organisation not yours', async () => {
    const sub = await healthSubCategory();
    const organisations = await getData<{ id: string }[]>('/api/v1/organizations/list');
    const res = await createCampaign(owner.accessToken, {
      name: 'Wrong references',
      campaignCategory: 6,
      campaignSubCategory: sub.id,
      event: 999_999,
    });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({
      campaignSubCategory: ['Please choose a sub-category of the selected category.'],
      event: ['Please choose one of the listed events.'],
    });
    const notMine = await createCampaign(owner.accessToken, {
      name: 'Wrong organisation',
      organisation: organisations[0]?.id,
    });
    expect(notMine.status).toBe(403);
    expect(notMine.body.meta.message).toBe(
      'You can only raise funds for an organisation you belong to, as its Owner, Admin, Editor or Champion.',
    );
  });

  it('400 for JSON fields that are not JSON, a body that is not multipart, and more than 10 images', async () => {
    const form = new FormData();
    form.append('name', 'Broken JSON');
    form.append('socials', '[{not json');
    const broken = await api('/api/v1/campaigns/', {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.accessToken}` },
      body: form,
    });
    expect(broken.status).toBe(400);
    expect(broken.body.data).toEqual({ socials: ['This field must be valid JSON.'] });

    const json = await send('POST', '/api/v1/campaigns/', { name: 'As JSON' }, owner.accessToken);
    expect(json.status).toBe(400);
    expect(json.body.meta.message).toBe('Expected a multipart form.');

    const image = await png(8, 8);
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, bytes: image }));
    const tooMany = await createCampaign(owner.accessToken, { name: 'Too many images' }, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data).toEqual({ images: ['A campaign can have at most 10 images.'] });
  });

  it('400 for an upload that is not an image', async () => {
    const res = await createCampaign(owner.accessToken, { name: 'Not an image' }, [
      { name: 'notes.png', bytes: new TextEncoder().encode('just text'), type: 'image/png' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe('Please upload a JPEG, PNG, WebP, GIF or AVIF image.');
  });

  it('401 for a visitor', async () => {
    const res = await createCampaign(undefined, { name: 'Anonymous' });
    expect(res.status).toBe(401);
    expectFailureEnvelope(res.body);
  });

  it('keeps the line breaks of a story and a thank-you message', async () => {
    const story = '<p>Our crèche lost its roof in the storm.</p>\n<p>Line one<br>\nline two of the plan.</p>';
    const res = await createCampaign(owner.accessToken, {
      name: 'Crèche roof',
      story,
      thankYouMessage: 'Thank you!\nSiyabonga.',
    });
    expect(res.status, res.text).toBe(201);
    const view = await ownerView(owner.accessToken, res.body.data.id);
    expect(view.story).toContain('\n');
    // A form sends its line breaks as CRLF.
    expect(view.thankYouMessage).toMatch(/^Thank you!\r?\nSiyabonga\.$/);
  });

  it('sanitises a hostile story and keeps its safe text', async () => {
    const hostile =
      '<p>Help us <script>alert("stolen")</script>rebuild <strong>the crèche</strong>.</p>' +
      '<img src="x" onerror="alert(1)">' +
      '<p onclick="steal()">Read <a href="javascript:alert(2)">this</a> and ' +
      '<a href="https://example.org/plan" target="_blank" onmouseover="x()">our plan</a>.</p>' +
      '<iframe src="https://evil.example"></iframe><h2 style="color:red">Budget</h2>';
    const res = await createCampaign(owner.accessToken, { name: 'Crèche rebuild', story: hostile });
    expect(res.status, res.text).toBe(201);
    const view = await ownerView(owner.accessToken, res.body.data.id);
    expect(view.story).toBe(
      '<p>Help us rebuild <strong>the crèche</strong>.</p>' +
        '<p>Read <a rel="noopener noreferrer nofollow">this</a> and ' +
        '<a href="https://example.org/plan" rel="noopener noreferrer nofollow">our plan</a>.</p>' +
        '<h2>Budget</h2>',
    );
    for (const bad of ['<script', 'onerror', 'onclick', 'javascript:', '<iframe', 'style=']) {
      expect(view.story).not.toContain(bad);
    }
  });
});

describe('PATCH /campaigns/{id}', () => {
  it('changes only the fields sent', async () => {
    const campaign = await readyCampaign(owner.accessToken, { thankYouMessage: 'Thanks!' });
    const res = await patchCampaign(owner.accessToken, campaign.id, {
      donationTarget: 30000,
      story: `${STORY}<p>More.</p>`,
    });
    expect(res.status, res.text).toBe(200);
    expectSuccessEnvelope(res.body);
    expect(res.body.meta.message).toBe('Campaign updated successfully.');
    expect(res.body.data).toEqual(campaign);
    const view = await ownerView(owner.accessToken, campaign.id);
    expect(view).toMatchObject({
      donationTarget: 30000,
      thankYouMessage: 'Thanks!',
      story: `${STORY}<p>More.</p>`,
    });
    expect(view.images).toHaveLength(1);
  });

  it('reorders, deletes and adds images through imageDetails', async () => {
    const created = await createCampaign(owner.accessToken, { name: 'Image order' }, [
      { name: 'a.png', bytes: await png(40, 40, '#111111') },
      { name: 'b.png', bytes: await png(40, 40, '#222222') },
      { name: 'c.png', bytes: await png(40, 40, '#333333') },
    ]);
    expect(created.status, created.text).toBe(201);
    const { id } = created.body.data;
    const [a, b, c] = (await ownerView(owner.accessToken, id)).images;
    if (!a || !b || !c) throw new Error('three images expected');

    const res = await patchCampaign(
      owner.accessToken,
      id,
      {
        imageDetails: [
          { url: c.url, fileName: c.fileName, deleted: false },
          { url: null, fileName: 'd.png', deleted: false },
          { url: a.url, fileName: a.fileName, deleted: false },
          { url: b.url, fileName: b.fileName, deleted: true },
        ],
      },
      [{ name: 'd.png', bytes: await png(40, 40, '#444444') }],
    );
    expect(res.status, res.text).toBe(200);
    const after = (await ownerView(owner.accessToken, id)).images;
    expect(after.map((i) => i.fileName)).toEqual(['c.png', 'd.png', 'a.png']);
    expect(after[0]?.url).toBe(c.url);
    expect(after[2]?.url).toBe(a.url);
    // The deleted image's files are gone.
    expect((await page(b.url)).status).toBe(404);

    const reordered = await patchCampaign(owner.accessToken, id, {
      imageDetails: after
        .map((image) => ({ url: image.url, fileName: image.fileName, deleted: false }))
        .reverse(),
    });
    expect(reordered.status).toBe(200);
    expect((await ownerView(owner.accessToken, id)).images.map((i) => i.fileName)).toEqual([
      'a.png',
      'd.png',
      'c.png',
    ]);
  });

  it('400 when kept and new images would pass 10', async () => {
    const image = await png(8, 8);
    const created = await createCampaign(
      owner.accessToken,
      { name: 'Nearly full' },
      Array.from({ length: 9 }, (_, i) => ({ name: `${i}.png`, bytes: image })),
    );
    expect(created.status).toBe(201);
    const res = await patchCampaign(owner.accessToken, created.body.data.id, {}, [
      { name: 'x.png', bytes: image },
      { name: 'y.png', bytes: image },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ images: ['A campaign can have at most 10 images.'] });
  });

  it('changes the url; a taken one is 409, a reserved one 400', async () => {
    const campaign = await readyCampaign(owner.accessToken);
    const other = await readyCampaign(owner.accessToken);
    const fresh = `renamed-${uniqueWord()}`;
    const res = await patchCampaign(owner.accessToken, campaign.id, { url: fresh });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ id: campaign.id, url: fresh });
    const taken = await patchCampaign(owner.accessToken, campaign.id, { url: other.url });
    expect(taken.status).toBe(409);
    expect(taken.body.meta.message).toBe('That web address is already taken. Try another.');
    const reserved = await patchCampaign(owner.accessToken, campaign.id, { url: 'profile' });
    expect(reserved.status).toBe(400);
    // Its own url again is no clash.
    expect((await patchCampaign(owner.accessToken, campaign.id, { url: fresh })).status).toBe(200);
  });

  it('clears the sub-category when the category changes without one', async () => {
    const sub = await healthSubCategory();
    const created = await createCampaign(owner.accessToken, {
      name: 'Category change',
      campaignCategory: 2,
      campaignSubCategory: sub.id,
    });
    const res = await patchCampaign(owner.accessToken, created.body.data.id, { campaignCategory: 6 });
    expect(res.status, res.text).toBe(200);
    const view = await ownerView(owner.accessToken, created.body.data.id);
    expect(view.campaignCategory.id).toBe(6);
    expect(view.campaignSubCategory).toBeNull();
  });

  it('hides a campaign from the public and shows it again', async () => {
    const campaign = await launchedCampaign(owner.accessToken);
    expect((await publicDetail(campaign.url)).status).toBe(200);
    expect((await patchCampaign(owner.accessToken, campaign.id, { hidden: true })).status).toBe(200);
    expect((await ownerView(owner.accessToken, campaign.id)).status).toBe(1);
    expect((await publicDetail(campaign.url)).status).toBe(404);
    expect((await publicDetail(campaign.url, 0, owner.accessToken)).status).toBe(200);
    expect((await patchCampaign(owner.accessToken, campaign.id, { hidden: 'false' })).status).toBe(200);
    const back = await publicDetail(campaign.url);
    expect(back.status).toBe(200);
    expect(back.body.data.status).toBe(0);
  });
});

describe('who may change a campaign', () => {
  let campaign: { id: string; url: string };
  beforeAll(async () => {
    campaign = await readyCampaign(owner.accessToken);
  });

  async function attempts(token: string | undefined): Promise<Record<string, number>> {
    const id = campaign.id;
    const verification = new FormData();
    verification.append('bankingDetails', JSON.stringify({ accountHolderName: 'X' }));
    const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const [view, edit, launch, close, verify, team] = await Promise.all([
      send('GET', `/api/v1/campaigns/${id}`, undefined, token),
      patchCampaign(token, id, { name: 'Taken over' }),
      send('PATCH', `/api/v1/campaigns/${id}/launch`, undefined, token),
      send('PATCH', `/api/v1/campaigns/${id}/close`, { closeReasonId: 1 }, token),
      api(`/api/v1/campaigns/${id}/verification`, { method: 'PATCH', headers: auth, body: verification }),
      send(
        'PATCH',
        '/api/v1/team-members',
        { campaignId: id, firstName: 'Sneaky', lastName: 'Person', email: 'sneaky@example.org' },
        token,
      ),
    ]);
    return {
      view: view.status,
      edit: edit.status,
      launch: launch.status,
      close: close.status,
      verify: verify.status,
      team: team.status,
    };
  }

  const everything = (status: number) => ({
    view: status,
    edit: status,
    launch: status,
    close: status,
    verify: status,
    team: status,
  });

  it('403 for a stranger, a donor and another campaign owner', async () => {
    expect(await attempts(stranger.accessToken)).toEqual(everything(403));
    expect(await attempts(await demoToken('fatima'))).toEqual(everything(403));
    expect(await attempts(otherOwner.accessToken)).toEqual(everything(403));
    const forbidden = await patchCampaign(stranger.accessToken, campaign.id, { name: 'Taken over' });
    expectFailureEnvelope(forbidden.body);
    expect(forbidden.body.meta.message).toBe('You do not have permission to change this campaign.');
    expect((await ownerView(owner.accessToken, campaign.id)).name).not.toBe('Taken over');
  });

  it('401 for a visitor, 404 for an unknown campaign', async () => {
    expect(await attempts(undefined)).toEqual(everything(401));
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await send('GET', `/api/v1/campaigns/${unknown}`, undefined, owner.accessToken);
    expect(res.status).toBe(404);
    expect(res.body.meta.message).toBe('Campaign not found.');
    expect(
      (await send('PATCH', `/api/v1/campaigns/not-an-id/launch`, undefined, owner.accessToken)).status,
    ).toBe(404);
  });

  it('an admin may change any campaign', async () => {
    const admin = await demoToken('nomvula');
    const res = await patchCampaign(admin, campaign.id, { thankYouMessage: 'Checked by the Letsema team' });
    expect(res.status, res.text).toBe(200);
    expect((await ownerView(owner.accessToken, campaign.id)).thankYouMessage).toBe(
      'Checked by the Letsema team',
    );
  });

  it("an organisation's Owner and Admin change its campaigns; its Champion only their own", async () => {
    const organisations = await getData<{ id: string; legalName: string }[]>('/api/v1/organizations/list');
    const siyakhula = organisations.find((o) => o.legalName === 'Siyakhula Education Trust');
    if (!siyakhula) throw new Error('demo organisation missing');
    const anele = await demoToken('anele');
    const created = await createCampaign(anele, readyFields({ organisation: siyakhula.id }), [
      { name: 'class.png', bytes: await png() },
    ]);
    expect(created.status, created.text).toBe(201);
    const { id } = created.body.data;
    expect((await patchCampaign(await demoToken('kagiso'), id, { donationTarget: 40000 })).status).toBe(200);
    expect((await patchCampaign(await demoToken('pieter'), id, { donationTarget: 1 })).status).toBe(403);
    expect((await patchCampaign(stranger.accessToken, id, { organisation: siyakhula.id })).status).toBe(403);

    const view = await ownerView(anele, id);
    expect(view.donationTarget).toBe(40000);
    expect(view.organization).toMatchObject({
      id: siyakhula.id,
      legalName: 'Siyakhula Education Trust',
      url: 'siyakhula-education-trust',
    });
    expect(view.organization?.totalCampaigns).toBeGreaterThan(0);
    expect(view.owner.orgUserRole).toBe(0);
    // Verified through the organisation, as on cards.
    expect(view.isVerified).toBe(true);

    // A user with no role in the organisation cannot start a campaign for it.
    const outsider = await createCampaign(stranger.accessToken, {
      name: 'Not my org',
      organisation: siyakhula.id,
    });
    expect(outsider.status).toBe(403);
    expect(outsider.body.meta.message).toBe(
      'You can only raise funds for an organisation you belong to, as its Owner, Admin, Editor or Champion.',
    );
  });
});

describe('GET /campaigns/short/{identifier}', () => {
  it('answers the public detail by path, by id and by short code', async () => {
    const campaign = await launchedCampaign(owner.accessToken);
    const byPath = await publicDetail(campaign.url);
    expect(byPath.status, byPath.text).toBe(200);
    expectSuccessEnvelope(byPath.body);
    const detail = byPath.body.data;
    expect(detail).toMatchObject({
      id: campaign.id,
      url: campaign.url,
      published: true,
      status: 0,
      isActive: true,
    });
    for (const ownerOnly of [
      'ownerId',
      'thankYouMessage',
      'bankingDetail',
      'teamMembers',
      'fundsAvailable',
    ]) {
      expect(detail).not.toHaveProperty(ownerOnly);
    }
    const byId = await publicDetail(campaign.id, 1);
    expect(byId.status).toBe(200);
    expect(byId.body.data).toEqual(detail);
    const byShort = await publicDetail(detail.shortUrl);
    expect(byShort.body.data.id).toBe(campaign.id);
    expect((await publicDetail(campaign.url.toUpperCase())).body.data?.id).toBe(campaign.id);
  });

  it('404 for unknown campaigns, drafts and hidden ones, unless the viewer may change them', async () => {
    expect((await publicDetail(`nothing-${uniqueWord()}`)).status).toBe(404);
    expect((await publicDetail('not-a-uuid', 1)).status).toBe(404);
    expect((await publicDetail('mamelodi-east-food-garden')).status).toBe(404);
    const draft = await readyCampaign(owner.accessToken);
    const hidden = await publicDetail(draft.url);
    expect(hidden.status).toBe(404);
    expectFailureEnvelope(hidden.body);
    expect(hidden.body.meta.message).toBe('Campaign not found.');
    expect((await publicDetail(draft.url, 0, stranger.accessToken)).status).toBe(404);
    const preview = await publicDetail(draft.url, 0, owner.accessToken);
    expect(preview.status).toBe(200);
    expect(preview.body.data.published).toBe(false);
  });

  it('serves a private (link-only) campaign to anyone with the link', async () => {
    const campaign = await launchedCampaign(owner.accessToken, { visibility: 0 });
    const res = await publicDetail(campaign.url);
    expect(res.status).toBe(200);
    expect(res.body.data.visibility).toBe(0);
  });

  it('reads totals from the ledger: accepted donations, distinct donors, paid payouts', async () => {
    const lwazi = (await publicDetail('help-lwazi-walk-again')).body.data;
    expect(lwazi.donationsReceivedTotal).toBeGreaterThan(0);
    expect(lwazi.offlineDonations).toBe(18500);
    expect(lwazi.totalRaised).toBeCloseTo(lwazi.donationsReceivedTotal + 18500, 2);
    expect(lwazi.uniqueDonors).toBeGreaterThan(0);
    expect(lwazi.isVerified).toBe(true);
    expect(lwazi.owner).toMatchObject({ firstName: 'Sipho', lastName: 'Ndlovu', orgUserRole: null });
    expect(lwazi.owner.totalCampaigns).toBeGreaterThanOrEqual(2);

    const themba: CampaignDetail = (await publicDetail('in-loving-memory-of-themba-zulu')).body.data;
    expect(themba.status).toBe(3);
    expect(themba.isActive).toBe(false);
    expect(themba.payoutTotal).toBeGreaterThan(0);
    expect(themba.payoutTotal).toBeLessThanOrEqual(themba.donationsReceivedTotal);
    expect(themba.closeReason).toMatchObject({ id: 1 });
    expect(themba.closeReason?.note).toContain('study fund');
  });
});
