/**
 * Illustration-style SVGs for the demo campaigns, drawn from a few shapes so
 * they stay tiny. The files under public/demo/ are this module's output
 * (tests/unit/platform/seed.test.ts checks they match).
 */

type Motif =
  | 'heart'
  | 'house'
  | 'candle'
  | 'ball'
  | 'seedling'
  | 'cap'
  | 'bus'
  | 'note'
  | 'solar'
  | 'paw'
  | 'drop'
  | 'bicycle'
  | 'medal'
  | 'book';

interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  near: string;
  ink: string;
  accent: string;
}

const MOTIFS: Record<Motif, (p: Palette) => string> = {
  heart: (p) =>
    `<path d="M400 350C290 275 290 175 355 170c25-2 40 15 45 32 5-17 20-34 45-32 65 5 65 105-45 180z" ` +
    `fill="${p.accent}"/>` +
    `<path d="M385 215h30v30h30v30h-30v30h-30v-30h-30v-30h30z" fill="#fff"/>`,
  house: (p) =>
    `<path d="M290 240 400 150l110 90z" fill="${p.accent}"/><rect x="310" y="238" width="180" ` +
    `height="120" fill="#fdf6e3"/>` +
    `<rect x="380" y="290" width="40" height="68" fill="${p.ink}"/><rect x="330" y="262" width="34" ` +
    `height="30" fill="${p.skyTop}"/>` +
    `<rect x="436" y="262" width="34" height="30" fill="${p.skyTop}"/><rect x="455" y="170" width="22" ` +
    `height="50" fill="${p.ink}"/>`,
  candle: (p) =>
    `<circle cx="400" cy="190" r="70" fill="${p.sun}" opacity=".35"/><rect x="370" y="220" width="60" ` +
    `height="140" rx="8" fill="#fdf6e3"/>` +
    `<path d="M400 150c18 22 22 40 0 62-22-22-18-40 0-62z" fill="${p.accent}"/><rect x="397" y="208" ` +
    `width="6" height="14" fill="${p.ink}"/>`,
  ball: (p) =>
    `<circle cx="400" cy="270" r="80" fill="#fff" stroke="${p.ink}" stroke-width="6"/>` +
    `<path d="M400 235l33 24-13 39h-40l-13-39z" fill="${p.ink}"/>` +
    `<path d="M400 190v45M433 259l62-12M420 298l30 42M380 298l-30 42M367 259l-62-12" stroke="${p.ink}" ` +
    `stroke-width="6"/>`,
  seedling: (p) =>
    `<path d="M340 290h120l-18 75h-84z" fill="${p.accent}"/><path d="M400 290v-90" stroke="${p.near}" ` +
    `stroke-width="10"/>` +
    `<path d="M400 230c-10-45-60-55-85-40 10 40 50 50 85 40z" fill="${p.far}"/>` +
    `<path d="M400 210c15-50 65-60 90-42-12 42-55 52-90 42z" fill="${p.far}"/>`,
  cap: (p) =>
    `<path d="M400 170 540 230 400 290 260 230z" fill="${p.ink}"/><path d="M330 262v50c40 30 100 30 140 ` +
    `0v-50l-70 28z" fill="${p.ink}"/>` +
    `<path d="M510 243v70" stroke="${p.accent}" stroke-width="6"/><circle cx="510" cy="318" r="10" ` +
    `fill="${p.accent}"/>`,
  bus: (p) =>
    `<rect x="240" y="220" width="320" height="120" rx="18" fill="${p.accent}"/>` +
    `<rect x="262" y="238" width="60" height="44" rx="6" fill="#fdf6e3"/><rect x="336" y="238" ` +
    `width="60" height="44" rx="6" fill="#fdf6e3"/>` +
    `<rect x="410" y="238" width="60" height="44" rx="6" fill="#fdf6e3"/><rect x="484" y="238" ` +
    `width="56" height="80" rx="6" fill="#fdf6e3"/>` +
    `<text x="365" y="316" font-family="sans-serif" font-size="26" font-weight="700" fill="#fff" ` +
    `text-anchor="middle">BOOKS</text>` +
    `<circle cx="310" cy="345" r="26" fill="${p.ink}"/><circle cx="490" cy="345" r="26" fill="${p.ink}"/>`,
  note: (p) =>
    `<path d="M360 180l120-30v150" stroke="${p.ink}" stroke-width="12" fill="none"/><path d="M360 ` +
    `180v150" stroke="${p.ink}" stroke-width="12"/>` +
    `<ellipse cx="335" cy="332" rx="32" ry="24" fill="${p.accent}"/><ellipse cx="455" cy="302" rx="32" ` +
    `ry="24" fill="${p.accent}"/>`,
  solar: (p) =>
    `<path d="M270 330 330 210h200l-60 120z" fill="${p.ink}"/>` +
    `<path d="M300 270h200M350 210l-40 120M400 210l-40 120M450 210l-40 120M500 210l-40 120" ` +
    `stroke="${p.skyTop}" stroke-width="4"/>` +
    `<path d="M400 330v35M360 365h80" stroke="${p.ink}" stroke-width="8"/>`,
  paw: (p) =>
    `<ellipse cx="400" cy="300" rx="62" ry="52" fill="${p.accent}"/><ellipse cx="330" cy="235" rx="24" ` +
    `ry="32" fill="${p.accent}"/>` +
    `<ellipse cx="375" cy="200" rx="24" ry="34" fill="${p.accent}"/><ellipse cx="425" cy="200" rx="24" ` +
    `ry="34" fill="${p.accent}"/>` +
    `<ellipse cx="470" cy="235" rx="24" ry="32" fill="${p.accent}"/>`,
  drop: (p) =>
    `<path d="M400 150c50 70 80 115 80 150a80 80 0 0 1-160 0c0-35 30-80 80-150z" fill="${p.accent}"/>` +
    `<path d="M360 300a40 40 0 0 0 40 40" stroke="#fff" stroke-width="10" fill="none" ` +
    `stroke-linecap="round"/>`,
  bicycle: (p) =>
    `<circle cx="310" cy="310" r="55" fill="none" stroke="${p.ink}" stroke-width="10"/>` +
    `<circle cx="490" cy="310" r="55" fill="none" stroke="${p.ink}" stroke-width="10"/>` +
    `<path d="M310 310l60-90h90l30 90M370 220l40 90h-100M460 220l-50 90M355 210h40M460 220l-8-30h25" ` +
    `stroke="${p.accent}" stroke-width="10" fill="none" stroke-linejoin="round"/>`,
  medal: (p) =>
    `<path d="M350 150l50 110 50-110h-35l-15 40-15-40z" fill="${p.accent}"/><circle cx="400" cy="295" ` +
    `r="62" fill="${p.sun}"/>` +
    `<path d="M400 255l12 26 28 3-21 19 6 28-25-14-25 14 6-28-21-19 28-3z" fill="${p.ink}"/>`,
  book: (p) =>
    `<path d="M400 215c-40-25-90-30-130-20v150c40-10 90-5 130 20z" fill="#fdf6e3"/>` +
    `<path d="M400 215c40-25 90-30 130-20v150c-40-10-90-5-130 20z" fill="#fff"/>` +
    `<path d="M400 215v150" stroke="${p.ink}" stroke-width="6"/>` +
    `<path d="M300 230h70M300 255h70M300 280h70M430 230h70M430 255h70M430 280h70" stroke="${p.accent}" ` +
    `stroke-width="6"/>`,
};

interface DemoImage {
  file: string;
  title: string;
  motif: Motif;
  palette: Palette;
}

const pal = (...[skyTop, skyBottom, sun, far, near, ink, accent]: string[]): Palette => ({
  skyTop: skyTop ?? '',
  skyBottom: skyBottom ?? '',
  sun: sun ?? '',
  far: far ?? '',
  near: near ?? '',
  ink: ink ?? '',
  accent: accent ?? '',
});

const WARM = pal('#ffb36b', '#ffe5b8', '#fff3c4', '#e07a3f', '#b5542a', '#3d2418', '#d7263d');
const MORNING = pal('#7cc6fe', '#e0f4ff', '#ffd166', '#6bbf59', '#3f8f3a', '#1d3557', '#ef476f');
const DUSK = pal('#5b4b8a', '#f4a6a6', '#ffe0a3', '#7a5c99', '#4a3b6b', '#2b2240', '#ffb703');
const KAROO = pal('#f6bd60', '#f7ede2', '#fff7d6', '#d4a373', '#a8744f', '#3b2a1a', '#e76f51');
const OCEAN = pal('#48cae4', '#caf0f8', '#ffe66d', '#0096c7', '#023e8a', '#03045e', '#f72585');
const HIGHVELD = pal('#90e0ef', '#fefae0', '#ffd23f', '#a7c957', '#6a994e', '#283618', '#bc4749');

// Each picture: its file, the motif and palette it is drawn with, and its title (the SVG's accessible name).
const IMAGE_ROWS: readonly (readonly [file: string, motif: Motif, palette: Palette, title: string])[] = [
  ['lwazi-walk-again.svg', 'heart', MORNING, 'A heart with a medical cross'],
  ['gogo-mthembu-home.svg', 'house', OCEAN, 'A small house being rebuilt'],
  ['themba-zulu-memorial.svg', 'candle', DUSK, 'A memorial candle'],
  ['langa-under-15s.svg', 'ball', HIGHVELD, 'A football on a field'],
  ['mamelodi-food-garden.svg', 'seedling', HIGHVELD, 'A seedling in a pot'],
  ['nursing-bursary.svg', 'cap', MORNING, 'A graduation cap'],
  ['limpopo-mobile-library.svg', 'bus', WARM, 'A mobile library bus'],
  ['debut-album.svg', 'note', DUSK, 'Musical notes'],
  ['saturday-school.svg', 'book', MORNING, 'An open exercise book'],
  ['saturday-school-update.svg', 'book', WARM, 'Learners’ books after a Saturday class'],
  ['siyakhula-solar.svg', 'solar', HIGHVELD, 'A solar panel in the sun'],
  ['karoo-sterilisation.svg', 'paw', KAROO, 'A paw print'],
  ['karoo-borehole.svg', 'drop', KAROO, 'A drop of water'],
  ['cycle-tour-champion.svg', 'bicycle', OCEAN, 'A bicycle on the road'],
  ['karoo-swim-champion.svg', 'drop', OCEAN, 'A drop of water'],
  ['comrades-champion.svg', 'medal', WARM, 'A finisher’s medal'],
];

export const DEMO_IMAGES: readonly DemoImage[] = IMAGE_ROWS.map(([file, motif, palette, title]) => ({
  file,
  title,
  motif,
  palette,
}));

/** The SVG document for one demo image. */
export function renderDemoImage(image: DemoImage): string {
  const p = image.palette;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500" role="img">`,
    `<title>${image.title}</title>`,
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">`,
    `<stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/>` +
      `</linearGradient></defs>`,
    `<rect width="800" height="500" fill="url(#s)"/>`,
    `<circle cx="650" cy="105" r="55" fill="${p.sun}"/>`,
    `<g fill="#fff" opacity=".75"><ellipse cx="150" cy="90" rx="70" ry="22"/><ellipse cx="200" cy="75" ` +
      `rx="45" ry="22"/>`,
    `<ellipse cx="520" cy="60" rx="50" ry="16"/></g>`,
    `<path d="M0 360Q180 290 380 345T800 320V500H0z" fill="${p.far}"/>`,
    `<path d="M0 420Q260 360 520 415T800 400V500H0z" fill="${p.near}"/>`,
    // Motifs are drawn around (400, 260) at a small size; enlarge them in place.
    `<g transform="translate(400 265) scale(1.3) translate(-400 -265)">${MOTIFS[image.motif](p)}</g>`,
    `</svg>`,
    '',
  ].join('\n');
}

export interface DemoLogo {
  file: string;
  initials: string;
  background: string;
  foreground: string;
}

export const DEMO_LOGOS: readonly DemoLogo[] = [
  { file: 'siyakhula-logo.svg', initials: 'SET', background: '#1d3557', foreground: '#ffd166' },
  { file: 'karoo-animal-rescue-logo.svg', initials: 'KAR', background: '#e76f51', foreground: '#fff7d6' },
];

/** A round logo with initials, for the demo organisations. */
export function renderDemoLogo(logo: DemoLogo): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img">`,
    `<title>${logo.initials}</title>`,
    `<circle cx="100" cy="100" r="96" fill="${logo.background}"/>`,
    `<circle cx="100" cy="100" r="80" fill="none" stroke="${logo.foreground}" stroke-width="4"/>`,
    `<text x="100" y="116" font-family="sans-serif" font-size="46" font-weight="700" ` +
      `fill="${logo.foreground}" text-anchor="middle">${logo.initials}</text>`,
    `</svg>`,
    '',
  ].join('\n');
}

/** Each demo picture and logo by its storage key (`demo/<file>`), with the code that draws it. */
const DEMO_PICTURES = new Map<string, () => string>([
  ...DEMO_IMAGES.map((image) => [`demo/${image.file}`, () => renderDemoImage(image)] as const),
  ...DEMO_LOGOS.map((logo) => [`demo/${logo.file}`, () => renderDemoLogo(logo)] as const),
]);

/** Whether `storageKey` names a demo picture or logo (without drawing it). */
export const isDemoPicture = (storageKey: string): boolean => DEMO_PICTURES.has(storageKey);

/**
 * The SVG of a demo picture or logo by its storage key (`demo/<file>`), made again from this
 * module's code, or null for any other key. Posters and share cards draw demo pictures this way,
 * so sharp's SVG decoder never reads a file anyone could have written.
 */
export function demoPictureSvg(storageKey: string): string | null {
  return DEMO_PICTURES.get(storageKey)?.() ?? null;
}
