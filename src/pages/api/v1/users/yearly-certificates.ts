import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { ok } from '~/lib/server/http/responses';
import { myYearlyCertificates } from '~/lib/server/receipts/yearlyCertificates';

/** The signed-in donor's yearly Section 18A certificates, newest tax year first. */
export const GET: APIRoute = async (ctx) => ok(await myYearlyCertificates(requireUser(ctx)));
