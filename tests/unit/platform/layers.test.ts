import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layers of docs/ARCHITECTURE.md are kept by the linter (biome.json's noRestrictedImports
 * overrides). This lints one probe file per case, with the project's own biome.json, in a
 * scratch folder laid out like src/, and checks that a change crossing a layer fails and that
 * the imports the layers allow pass.
 */

const run = promisify(execFile);
const BIOME = join(process.cwd(), 'node_modules/.bin/biome');

interface Case {
  /** Where the importing file would be. */
  file: string;
  from: string;
  allowed: boolean;
}

const CASES: Case[] = [
  // Stores are the browser's state: nothing below them imports them.
  { file: 'src/lib/money.ts', from: '~/stores/toast', allowed: false },
  { file: 'src/lib/api/payouts.ts', from: '~/stores/tokens', allowed: false },
  { file: 'src/lib/schemas/probe.ts', from: '../../stores/search', allowed: false },
  { file: 'src/lib/server/campaigns/probe.ts', from: '~/stores/auth', allowed: false },
  { file: 'src/components/campaign/probe.ts', from: '~/stores/search', allowed: false },
  { file: 'src/pages/probe.astro', from: '~/stores/banner', allowed: false },
  { file: 'src/layouts/Probe.astro', from: '~/stores/banner', allowed: false },
  { file: 'src/islands/shell/Probe.tsx', from: '~/stores/toast', allowed: true },
  { file: 'src/scripts/probe.ts', from: '~/stores/flash', allowed: true },
  // Server code stays on the server.
  { file: 'src/islands/admin/Probe.tsx', from: '~/lib/server/admin/queues', allowed: false },
  { file: 'src/stores/probe.ts', from: '~/lib/server/platform/env', allowed: false },
  { file: 'src/scripts/probe.ts', from: '~/lib/server/i18n/locale', allowed: false },
  { file: 'src/lib/money.ts', from: '~/lib/server/platform/env', allowed: false },
  { file: 'src/lib/contracts/probe.ts', from: '#server/pageStore.ts', allowed: false },
  { file: 'src/components/campaign/probe.ts', from: '~/lib/server/campaigns/details', allowed: true },
  // src/lib/*.ts is both sides: no browser-only code in it, nor in the server.
  { file: 'src/lib/dates.ts', from: '~/lib/browser/slider', allowed: false },
  { file: 'src/lib/server/platform/probe.ts', from: '~/lib/api/client', allowed: false },
  { file: 'src/islands/donation/Probe.tsx', from: '~/lib/browser/slider', allowed: true },
  // src/lib is the bottom layer.
  { file: 'src/lib/campaignDisplay.ts', from: '~/components/campaign/campaignView', allowed: false },
  { file: 'src/lib/server/http/probe.ts', from: '~/islands/form/fieldIds', allowed: false },
  { file: 'src/lib/api/admin.ts', from: '~/islands/admin/useAdminList', allowed: false },
  // The server's log never reaches the browser.
  { file: 'src/islands/shell/Probe.tsx', from: 'pino', allowed: false },
  { file: 'src/lib/server/platform/probe.ts', from: 'pino', allowed: true },
];

let scratch: string;
let flagged: Map<string, string[]>;

/** The probe of case i: its own folder, so two cases for one path do not share a file. */
const probePath = (c: Case, i: number) => join(`case${i}`, c.file);

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'letsema-layers-'));
  const config = JSON.parse(await readFile('biome.json', 'utf8')) as Record<string, unknown> & {
    overrides: { includes: string[] }[];
  };
  delete config.$schema;
  config.vcs = { enabled: false };
  await Promise.all(
    CASES.map(async (c, i) => {
      const path = join(scratch, probePath(c, i));
      await mkdir(dirname(path), { recursive: true });
      const code = `import { probe } from '${c.from}';\n\nexport const used = probe;\n`;
      await writeFile(path, c.file.endsWith('.astro') ? `---\n${code}---\n<p>{used}</p>\n` : code);
    }),
  );
  // Each case lints in its own folder as if that folder were the project root.
  flagged = new Map();
  await Promise.all(
    CASES.map(async (c, i) => {
      const root = join(scratch, `case${i}`);
      await writeFile(join(root, 'biome.json'), JSON.stringify(config));
      const { stdout } = await run(BIOME, ['lint', '--reporter=json', c.file], { cwd: root }).catch(
        (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
      );
      const report = JSON.parse(stdout) as { diagnostics: { category: string; message: string }[] };
      flagged.set(
        probePath(c, i),
        report.diagnostics
          .filter((d) => d.category === 'lint/style/noRestrictedImports')
          .map((d) => d.message),
      );
    }),
  );
}, 120_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('the layers of docs/ARCHITECTURE.md, kept by the linter', () => {
  it.each(CASES.map((c, i) => [c.file, c.from, c.allowed, i] as const))(
    '%s importing %s: allowed %s',
    (_file, _from, allowed, i) => {
      const messages = flagged.get(probePath(CASES[i] as Case, i)) ?? [];
      if (allowed) expect(messages).toEqual([]);
      else expect(messages.join('\n')).toMatch(/Layers \(docs\/ARCHITECTURE\.md\)|Server only/);
    },
  );
});
