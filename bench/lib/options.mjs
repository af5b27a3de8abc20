// The bench's settings: environment variables and flags, read once. `--quick` is for iterating on the
// bench itself (short loads, one Lighthouse page, no scale step, nothing written unless --out is given).

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const argValue = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

const quick = flag('quick');
const number = (name, fallback) => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, not '${raw}'`);
  return value;
};

/**
 * Which parts run: all by default, or those listed in --only=weight,lighthouse,pglite,postgres,scale,search.
 * `scale` is the scale data with everything measured on it; `search` the scale data and the searches only.
 */
const only = argValue('only')?.split(',') ?? null;
const wants = (part) => (only ? only.includes(part) : true);

/** Pages measured (weight and Lighthouse): all, or those whose label contains a word of --pages=donation,profile. */
const pages = argValue('pages')?.split(',') ?? null;

export const options = {
  quick,
  build: !flag('no-build'),
  /** Seconds of measurement per endpoint. */
  durationS: number('BENCH_DURATION', quick ? 2 : 6),
  /** Seconds of warm-up per endpoint, not counted. */
  warmupS: number('BENCH_WARMUP', quick ? 1 : 2),
  connections: number('BENCH_CONNECTIONS', 16),
  /** Where the report goes: bench/RESULTS.md for a full run; a quick run only prints it. */
  out: argValue('out') ?? (quick ? null : 'bench/RESULTS.md'),
  parts: {
    weight: wants('weight'),
    lighthouse: wants('lighthouse'),
    pglite: wants('pglite'),
    postgres: wants('postgres'),
    scale: wants('scale') && process.env.BENCH_SKIP_SCALE !== '1' && !(quick && !only),
    search: (wants('scale') || wants('search')) && process.env.BENCH_SKIP_SCALE !== '1' && !(quick && !only),
  },
  /** Lighthouse pages: all of them, or only /home in quick mode. */
  lighthouseAll: !quick,
  /** Keeps a route when no --pages= was given or its label contains one of the words. */
  wantsPage: (route) => !pages || pages.some((word) => route.label.includes(word)),
};

export const USAGE = `npm run bench [-- --no-build] [-- --quick] [-- --only=weight,lighthouse,pglite,postgres,scale,search] [-- --out=FILE] [-- --pages=donation,profile]
Environment: BENCH_DURATION (s, default 6), BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default 16),
BENCH_SKIP_SCALE=1, CHROMIUM_PATH (default /usr/bin/chromium), BUILD_DIR (default dist).`;
