import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One method of one API route file, as Astro serves it. */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ALL';
  /** The route as Astro names it, e.g. `/api/v1/campaigns/[id]/close`. */
  pattern: string;
  /** The source file, relative to the repository root. */
  file: string;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const API_DIR = join(ROOT, 'src/pages/api');
const EXPORTED_METHOD = /^export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE|ALL)\b/gm;

/** The route a page file answers: `index` is its folder, the extension goes. */
function patternOf(file: string): string {
  const path = relative(join(ROOT, 'src/pages'), file).split(sep).join('/');
  return `/${path.replace(/\.ts$/, '').replace(/(^|\/)index$/, '')}`;
}

/**
 * Every API route and method in the source tree, read from the files themselves (not from a
 * list someone keeps), so a new endpoint shows up here the moment it is written.
 */
export function listApiRoutes(): ApiRoute[] {
  const files = readdirSync(API_DIR, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(API_DIR, name));
  const routes: ApiRoute[] = [];
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(EXPORTED_METHOD)) {
      routes.push({
        method: match[1] as ApiRoute['method'],
        pattern: patternOf(file),
        file: relative(ROOT, file).split(sep).join('/'),
      });
    }
  }
  return routes.sort((a, b) => a.pattern.localeCompare(b.pattern) || a.method.localeCompare(b.method));
}

/** `PATCH /api/v1/campaigns/[id]/close`: the key access rules and test tables use. */
export function routeKey(route: Pick<ApiRoute, 'method' | 'pattern'>): string {
  return `${route.method} ${route.pattern}`;
}
