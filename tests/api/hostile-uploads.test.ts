import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_FILE, type HostileFile, hostileFiles, SCRIPT_MARKER } from '../support/hostileFiles';
import { type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import {
  formOf,
  launchedCampaign,
  multipart,
  readyCampaign,
  type SavedCampaign,
  type Upload,
  uniqueWord,
} from './support/campaigns';
import { validBanking } from './support/documents';
import { type ApiResponse, baseUrl, expectFailureEnvelope } from './support/http';
import { type RegisteredOrganisation, registerOrganisation } from './support/registeredOrganisation';

// Every upload endpoint (grep readMultipart / readFormData in src/pages/api) gets every hostile file.
// A picture is checked by its content and re-encoded; a document is kept as sent when its first bytes
// say PDF, JPEG or PNG, and is then served only as that type, as an attachment, never sniffed.

const IMAGE_REFUSALS = [
  'Please upload a JPEG, PNG, WebP, GIF or AVIF image.',
  'This picture could not be read. Try another file.',
  'The image is too large. The maximum is 40 megapixels.',
];
const DOCUMENT_REFUSAL = 'Please upload a PDF, JPEG or PNG file.';
/** What /files may answer with: the re-encoded pictures and the three document types. */
const SAFE_TYPES = ['image/webp', 'application/pdf', 'image/jpeg', 'image/png'];
/** The widest variant any purpose stores (campaign and update pictures). */
const MAX_VARIANT_SIDE = 1600;

const BANKING = validBanking('Thabo Hostile');
const ORGANISATION_ANSWERS = {
  hasFulltimeStaff: true,
  hasCrowdfundedBefore: false,
  hasUsedEventsBefore: true,
  recievesSupport: false,
  helpRequired: 'Reaching donors.',
  regularNumberOfDonors: 'About 40',
  crowdFundingLinks: 'https://example.org/drive',
  supportPartners: 'Qonce Rotary Club',
};
const SUPPLIER = {
  accountHolderName: 'Umhlanga Physio Clinic',
  accountHolderEmail: 'accounts@physio.example',
  accountNumber: '4071234567',
  bankName: 'Capitec',
  accountType: 2,
};

interface Endpoint {
  name: string;
  kind: 'image' | 'document';
  /** Endpoints that make a new record take only files that must be refused (their PATCH twin stores the rest). */
  refusalsOnly?: boolean;
  send(file: Upload): Promise<ApiResponse>;
  /** Text holding the /files URLs of what it stored, when the answer itself does not. */
  readBack?(answer: ApiResponse): Promise<string>;
  /** Who may fetch what it stored. */
  token: () => string;
}

let files: HostileFile[];
let owner: SignedInAccount;
let orgless: SignedInAccount;
let draft: SavedCampaign;
let launched: SavedCampaign;
let bluetick: SavedCampaign;
let organisation: RegisteredOrganisation;

const upload =
  (method: string, path: string, token: () => string, fields: Record<string, unknown>, field: string) =>
  (file: Upload) =>
    multipart(method, path, formOf(fields, [file], field), token());

function endpoints(): Endpoint[] {
  const ownerToken = () => owner.accessToken;
  const orgToken = () => organisation.owner.accessToken;
  const organisationFields = () => ({
    legalName: `Hostile Upload Trust ${uniqueWord()}`,
    organizationTypeId: 1,
    organizationSectors: [2],
    briefDescription: '<p>We run a soup kitchen and an after-school club in Qonce, every weekday.</p>',
    mainContactPerson: { firstName: 'Nomsa', lastName: 'Owner', phone: '+27821234567', email: orgless.email },
  });
  return [
    {
      name: 'PATCH /users/{id}/image',
      kind: 'image',
      token: ownerToken,
      send: (file) =>
        multipart('PATCH', `/api/v1/users/${owner.id}/image`, formOf({}, [file], 'image'), owner.accessToken),
    },
    {
      name: 'POST /campaigns',
      kind: 'image',
      token: ownerToken,
      send: upload('POST', '/api/v1/campaigns/', ownerToken, { name: `Hostile ${uniqueWord()}` }, 'images'),
      readBack: async (answer) => ownerViewText((answer.body.data as SavedCampaign).id),
    },
    {
      name: 'PATCH /campaigns/{id}',
      kind: 'image',
      token: ownerToken,
      send: (file) => upload('PATCH', `/api/v1/campaigns/${draft.id}`, ownerToken, {}, 'images')(file),
      readBack: () => ownerViewText(draft.id),
    },
    {
      name: 'POST /campaigns/campaign-updates',
      kind: 'image',
      token: ownerToken,
      send: (file) =>
        upload(
          'POST',
          '/api/v1/campaigns/campaign-updates',
          ownerToken,
          { campaignId: launched.id, description: '<p>Hostile pictures</p>' },
          'images',
        )(file),
    },
    {
      name: 'POST /organizations (logo)',
      kind: 'image',
      refusalsOnly: true,
      token: () => orgless.accessToken,
      send: (file) =>
        multipart(
          'POST',
          '/api/v1/organizations/',
          formOf(organisationFields(), [file], 'logo'),
          orgless.accessToken,
        ),
    },
    {
      name: 'PATCH /organizations/{id} (logo)',
      kind: 'image',
      token: orgToken,
      send: (file) => upload('PATCH', `/api/v1/organizations/${organisation.id}`, orgToken, {}, 'logo')(file),
    },
    {
      name: 'POST /organizations (s18Certificate)',
      kind: 'document',
      refusalsOnly: true,
      token: () => orgless.accessToken,
      send: (file) =>
        multipart(
          'POST',
          '/api/v1/organizations/',
          formOf(organisationFields(), [file], 's18Certificate'),
          orgless.accessToken,
        ),
    },
    {
      name: 'PATCH /organizations/{id} (s18Certificate)',
      kind: 'document',
      token: orgToken,
      send: (file) =>
        upload('PATCH', `/api/v1/organizations/${organisation.id}`, orgToken, {}, 's18Certificate')(file),
    },
    {
      name: 'PATCH /organizations/{id}/verification',
      kind: 'document',
      token: orgToken,
      send: (file) =>
        upload(
          'PATCH',
          `/api/v1/organizations/${organisation.id}/verification`,
          orgToken,
          {
            verification: ORGANISATION_ANSWERS,
            bankingDetails: { ...BANKING, idType: 3, idNumber: 'IT1234/2019' },
          },
          'legalDocument',
        )(file),
    },
    {
      name: 'PATCH /campaigns/{id}/verification',
      kind: 'document',
      token: ownerToken,
      send: (file) =>
        upload(
          'PATCH',
          `/api/v1/campaigns/${draft.id}/verification`,
          ownerToken,
          { bankingDetails: BANKING },
          'identificationDocumentation',
        )(file),
    },
    {
      // A campaign with nothing raised: a stored invoice then meets the funds check, so only refusals are told apart.
      name: 'POST /payouts/bluetick-payout',
      kind: 'document',
      refusalsOnly: true,
      token: ownerToken,
      send: (file) =>
        upload(
          'POST',
          '/api/v1/payouts/bluetick-payout',
          ownerToken,
          {
            campaignId: bluetick.id,
            payoutAmount: 300,
            description: 'Invoice INV-7',
            bankingDetails: SUPPLIER,
          },
          'blueTickPayoutDocument',
        )(file),
    },
  ];
}

async function ownerViewText(campaignId: string): Promise<string> {
  return (await send('GET', `/api/v1/campaigns/${campaignId}`, undefined, owner.accessToken)).text;
}

/** The /files URLs in a text (an answer or a read-back): single URLs and each entry of a srcSet. */
function fileUrls(text: string): string[] {
  return [...new Set(text.match(/\/files\/[\w./-]+/g) ?? [])];
}

/** Fetches a stored file as its uploader and checks it cannot run as a page of this site. */
async function expectServedSafely(url: string, token: string, what: string): Promise<void> {
  const res = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(res.status, `${what}: GET ${url}`).toBe(200);
  const type = res.headers.get('content-type') ?? '';
  expect(SAFE_TYPES, `${what}: content-type`).toContain(type);
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('content-security-policy'), what).toMatch(/\bsandbox\b/);
  if (type !== 'image/webp') {
    // Kept as uploaded: a private attachment, which a browser saves instead of showing as a page.
    expect(res.headers.get('content-disposition'), what).toMatch(/^attachment;/);
    const anonymous = await fetch(`${baseUrl}${url}`);
    await anonymous.arrayBuffer();
    expect(anonymous.status, `${what}: private to its owner`).toBe(404);
    return;
  }
  // Re-encoded: one still picture of a sane size, with no metadata and none of the upload's text.
  expect(bytes.includes(SCRIPT_MARKER), `${what}: the upload's script survived`).toBe(false);
  const meta = await sharp(bytes).metadata();
  expect(meta.format, what).toBe('webp');
  expect(meta.pages ?? 1, `${what}: animation kept`).toBe(1);
  expect(Math.max(meta.width ?? 0, meta.height ?? 0), `${what}: variant size`).toBeLessThanOrEqual(
    MAX_VARIANT_SIDE,
  );
  expect(meta.exif, `${what}: EXIF kept`).toBeUndefined();
}

async function expectServerUp(what: string): Promise<void> {
  const health = await fetch(`${baseUrl}/api/v1/health`);
  await health.arrayBuffer();
  expect(health.status, `the server answers after ${what}`).toBe(200);
}

beforeAll(async () => {
  [files, owner, orgless, organisation] = await Promise.all([
    hostileFiles(),
    verifyAndLogin({ firstName: 'Hostile', lastName: 'Uploader' }),
    verifyAndLogin({ firstName: 'Orgless', lastName: 'Uploader' }),
    registerOrganisation(`Hostile Upload Trust ${uniqueWord()}`),
  ]);
  [draft, launched, bluetick] = await Promise.all([
    readyCampaign(owner.accessToken),
    launchedCampaign(owner.accessToken),
    readyCampaign(owner.accessToken, { fundingType: 1 }),
  ]);
}, 60_000);

describe.each(endpoints().map((e) => [e.name, e] as const))('%s', (_, endpoint) => {
  it('refuses what is not its kind of file with a 4xx that says why, and serves what it keeps safely', async () => {
    const seen = new Set<string>();
    for (const file of files) {
      const expected = endpoint.kind === 'image' ? file.asImage : file.asDocument;
      if (endpoint.refusalsOnly && expected !== 'refused') continue;
      const what = `${endpoint.name} with ${file.key}`;
      const res = await endpoint.send(file);
      await expectServerUp(what);
      if (res.status >= 400) {
        expect(expected, `${what} was refused (${res.status}: ${res.text.slice(0, 200)})`).not.toBe('stored');
        expect([400, 413], what).toContain(res.status);
        expectFailureEnvelope(res.body);
        const allowed = endpoint.kind === 'image' ? IMAGE_REFUSALS : [DOCUMENT_REFUSAL];
        expect(allowed, `${what}: message`).toContain(res.body.meta.message);
        continue;
      }
      expect(expected, `${what} was kept (${res.status})`).not.toBe('refused');
      expect([200, 201], what).toContain(res.status);
      const text = `${res.text}${endpoint.readBack ? await endpoint.readBack(res) : ''}`;
      const urls = fileUrls(text).filter((url) => !seen.has(url));
      expect(urls.length, `${what}: the answer names what it stored`).toBeGreaterThan(0);
      for (const url of urls) {
        seen.add(url);
        await expectServedSafely(url, endpoint.token(), what);
      }
    }
  });
});

describe('an empty file', () => {
  it('counts as no picture on a profile, and as no file in a form', async () => {
    const profile = await multipart(
      'PATCH',
      `/api/v1/users/${owner.id}/image`,
      formOf({}, [EMPTY_FILE], 'image'),
      owner.accessToken,
    );
    expect(profile.status).toBe(400);
    expect(IMAGE_REFUSALS.concat('Please choose a picture to upload.')).toContain(profile.body.meta.message);
    // A campaign with no identity document on file yet: the empty file must not count as one.
    const fresh = await readyCampaign(owner.accessToken);
    const verification = await multipart(
      'PATCH',
      `/api/v1/campaigns/${fresh.id}/verification`,
      formOf({ bankingDetails: BANKING }, [EMPTY_FILE], 'identificationDocumentation'),
      owner.accessToken,
    );
    expect(verification.status).toBe(400);
    expect(verification.body.data).toHaveProperty('identificationDocumentation');
  });
});

describe('a picture that cannot be decoded', () => {
  it('is refused with 400 on every picture upload, and nothing is stored', async () => {
    // A real PNG cut short: its header reads, its pixels do not.
    const whole = await sharp({
      create: {
        width: 400,
        height: 300,
        channels: 3,
        background: '#336699',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    const cut: Upload = {
      name: 'cut-short.png',
      bytes: new Uint8Array(whole.subarray(0, Math.floor(whole.length * 0.6))),
      type: 'image/png',
    };
    const profile = async () =>
      (await send('GET', `/api/v1/users/${owner.id}`, undefined, owner.accessToken)).text;
    const profileBefore = await profile();
    const draftBefore = fileUrls(await ownerViewText(draft.id));
    for (const endpoint of endpoints().filter((e) => e.kind === 'image')) {
      const res = await endpoint.send(cut);
      expect(res.status, `${endpoint.name}: ${res.text.slice(0, 200)}`).toBe(400);
      expectFailureEnvelope(res.body);
      expect(res.body.meta.message, endpoint.name).toBe('This picture could not be read. Try another file.');
    }
    expect(fileUrls(await ownerViewText(draft.id))).toEqual(draftBefore);
    expect(await profile()).toBe(profileBefore);
  });
});
