import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * The information pages of /home/links and /giving-safely (SPEC §2), editable as markdown without
 * code changes: `src/content/pages/{page}.md` in English (id `about`, `contact` …) and
 * `src/content/pages/{locale}/{page}.md` in each other language (id `zu/about` …), the same
 * frontmatter. src/lib/infoPage.ts picks the page's language, or English when a translation is missing.
 */
const pages = defineCollection({
  loader: glob({
    base: './src/content/pages',
    pattern: ['*.md', '{zu,xh,af,st}/*.md'],
    // The path without `.md`: English ids stay the file names, a translation's is `{locale}/{name}`.
    generateId: ({ entry }) => entry.replace(/\.md$/, ''),
  }),
  schema: z.object({
    title: z.string(),
    description: z.string(),
    order: z.number().int(),
  }),
});

export const collections = { pages };
