import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect, inject } from 'vitest';
import { DEMO_USERS } from '~/lib/server/db/seed/demo-users';
import { loginAs, send } from './accounts';
import { type ApiResponse, api } from './http';

export interface SavedCampaign {
  id: string;
  url: string;
}

export interface ImageView {
  url: string;
  fileName: string;
  srcSet: string | null;
}

/** The fields of the public detail the tests read (docs/api/campaigns.md). */
export interface CampaignDetail {
  id: string;
  name: string;
  story: string;
  /** The story's own language (issue 27). */
  language: string;
  url: string;
  shortUrl: string;
  status: number;
  published: boolean;
  isActive: boolean;
  isVerified: boolean;
  visibility: number;
  fundingType: number;
  donationTarget: number;
  donationsReceivedTotal: number;
  offlineDonations: number;
  payoutTotal: number;
  totalRaised: number;
  uniqueDonors: number;
  startDate: string | null;
  endDate: string | null;
  images: ImageView[];
  videos: string[];
  socials: { platform: string; url: string }[];
  owner: Record<string, unknown>;
  organization: { id: string; legalName: string; totalCampaigns: number; url: string } | null;
  campaignCategory: { id: number; name: string; subCategories: { id: number }[] };
  campaignSubCategory: { id: number; name: string; campaignCategoryId: number } | null;
  campaignSetting: Record<string, unknown>;
  address: Record<string, string | null> | null;
  closeReason: { id: number; name: string; note: string | null } | null;
  [key: string]: unknown;
}

export interface OwnerView extends CampaignDetail {
  ownerId: string;
  thankYouMessage: string | null;
  bankingDetail: Record<string, unknown> | null;
  identificationDocumentation: { id: string; url: string; fileName: string }[];
  supportingDocumentation: { id: string; url: string; fileName: string }[];
  teamMembers: Record<string, unknown>[];
  missingForLaunch: Record<string, string[]>;
}

/** A word no other test file uses, to find its own campaigns in search. */
export function uniqueWord(prefix = 'zq'): string {
  return `${prefix}${randomUUID()
    .replace(/[^a-z]/g, '')
    .slice(0, 10)}`;
}

/** A PNG of the given size and colour, made with sharp. */
export async function png(width = 64, height = 48, colour = '#1b998b'): Promise<Uint8Array> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return new Uint8Array(bytes);
}

export interface Upload {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/** A multipart body: objects and arrays as JSON text, files under `fileField`. */
export function formOf(
  fields: Record<string, unknown>,
  uploads: Upload[] = [],
  fileField = 'images',
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(name, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  for (const upload of uploads) {
    form.append(
      fileField,
      new Blob([new Uint8Array(upload.bytes)], { type: upload.type ?? 'image/png' }),
      upload.name,
    );
  }
  return form;
}

export function multipart<T = unknown>(
  method: string,
  path: string,
  form: FormData,
  token?: string,
): Promise<ApiResponse<T>> {
  return api<T>(path, { method, headers: token ? { authorization: `Bearer ${token}` } : {}, body: form });
}

export const STORY =
  '<p>Our netball team from Mthatha has qualified for the provincial finals, and we need help with ' +
  'transport, kit and two nights of accommodation in Gqeberha.</p>';

/** The fields of a campaign ready to launch (an image still has to be sent). */
export function readyFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `Mthatha netball to the finals ${uniqueWord()}`,
    story: STORY,
    donationTarget: 25000,
    campaignCategory: 6,
    ...overrides,
  };
}

export function createCampaign(
  token: string | undefined,
  fields: Record<string, unknown>,
  uploads: Upload[] = [],
): Promise<ApiResponse<SavedCampaign>> {
  return multipart<SavedCampaign>('POST', '/api/v1/campaigns/', formOf(fields, uploads), token);
}

export function patchCampaign(
  token: string | undefined,
  id: string,
  fields: Record<string, unknown>,
  uploads: Upload[] = [],
): Promise<ApiResponse<SavedCampaign>> {
  return multipart<SavedCampaign>('PATCH', `/api/v1/campaigns/${id}`, formOf(fields, uploads), token);
}

/** A draft that may launch: complete fields and one PNG. */
export async function readyCampaign(
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<SavedCampaign> {
  const res = await createCampaign(token, readyFields(overrides), [{ name: 'team.png', bytes: await png() }]);
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

/** A launched campaign. */
export async function launchedCampaign(
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<SavedCampaign> {
  const campaign = await readyCampaign(token, overrides);
  const res = await send('PATCH', `/api/v1/campaigns/${campaign.id}/launch`, undefined, token);
  expect(res.status, res.text).toBe(200);
  return campaign;
}

export async function ownerView(token: string, id: string): Promise<OwnerView> {
  const res = await send<OwnerView>('GET', `/api/v1/campaigns/${id}`, undefined, token);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

export function publicDetail(
  identifier: string,
  idType = 0,
  token?: string,
): Promise<ApiResponse<CampaignDetail>> {
  return send<CampaignDetail>(
    'GET',
    `/api/v1/campaigns/short/${encodeURIComponent(identifier)}?idType=${idType}`,
    undefined,
    token,
  );
}

type DemoKey = (typeof DEMO_USERS)[number]['key'];
/** The demo users' password on the server under test: generated for this run (global-setup.ts). */
export const demoPassword: string = inject('demoPassword');
const demoTokens = new Map<DemoKey, Promise<string>>();

/** An access token of a demo user: one login per user per test file (the login limits count per address). */
export function demoToken(key: DemoKey): Promise<string> {
  let token = demoTokens.get(key);
  if (!token) {
    const user = DEMO_USERS.find((u) => u.key === key);
    if (!user) throw new Error(`No demo user ${key}`);
    token = loginAs(user.email, demoPassword).then((data) => data.accessToken);
    demoTokens.set(key, token);
  }
  return token;
}

/** What the campaign's public detail says was raised, in rand. */
export async function raisedOn(campaign: SavedCampaign): Promise<number> {
  const res = await publicDetail(campaign.url);
  expect(res.status, res.text).toBe(200);
  return res.body.data.donationsReceivedTotal;
}
