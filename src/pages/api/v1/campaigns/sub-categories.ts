import type { APIRoute } from 'astro';
import { intIdParam } from '~/lib/server/http/params';
import { okCached } from '~/lib/server/http/responses';
import { listSubCategories } from '~/lib/server/platform/lookups';

/** `?campaignCategoryId=` narrows the list to one category (0 is a real category: Uncategorised). */
export const GET: APIRoute = async ({ url }) => {
  const raw = url.searchParams.get('campaignCategoryId');
  const categoryId = raw === null || raw === '' ? undefined : raw === '0' ? 0 : intIdParam(raw, -1);
  return okCached(await listSubCategories(categoryId), 300);
};
