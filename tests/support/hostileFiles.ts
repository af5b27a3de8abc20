import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Uploads an attacker would send, made at run time with sharp and Buffers (no binary fixtures):
 * polyglots that are a valid picture and HTML or script at once, SVG with script and external
 * references, files whose name or declared type lies, and bombs whose few kilobytes decode into
 * billions of pixels. `expect` says what a safe server does with each, as an image and as a private
 * document (PDF, JPEG or PNG by their first bytes).
 */
export interface HostileFile {
  key: string;
  name: string;
  type: string;
  bytes: Uint8Array;
  /** 'stored': kept (re-encoded as an image, or as the same bytes as a document); 'refused': a 4xx. */
  asImage: 'stored' | 'refused' | 'either';
  asDocument: 'stored' | 'refused';
}

const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');

/** What a browser would run if it ever took these bytes for a page. */
export const SCRIPT_MARKER = '<script>window.__xss="upload"</script>';

async function jpeg(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();
}

/** A JPEG with HTML and a script comment in a COM segment right after SOI, and HTML after EOI. */
async function jpegHtmlPolyglot(): Promise<Buffer> {
  const image = await jpeg();
  const comment = ascii(`*/=alert(1);/*<html><body>${SCRIPT_MARKER}</body></html>`);
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe]), u16be(comment.length + 2), comment]);
  return Buffer.concat([image.subarray(0, 2), segment, image.subarray(2), ascii(`<html>${SCRIPT_MARKER}`)]);
}

/** A GIF with an HTML comment extension before its frame and HTML after its trailer. */
async function gifHtmlPolyglot(): Promise<Buffer> {
  const gif = parseGif(
    await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2980b9' } })
      .gif()
      .toBuffer(),
  );
  const text = ascii(`<html><body>${SCRIPT_MARKER}</body></html>`);
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe]), subBlocks(text)]);
  return Buffer.concat([gif.head, comment, ...gif.frames, Buffer.from([0x3b]), ascii(SCRIPT_MARKER)]);
}

const SVG_WITH_SCRIPT = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
     xmlns:xi="http://www.w3.org/2001/XInclude" width="64" height="64" onload="window.__xss='svg-onload'">
  <script>window.__xss = 'svg-script'</script>
  <image href="http://127.0.0.1:9/track.png" width="64" height="64"/>
  <image xlink:href="file:///etc/hostname" width="64" height="64"/>
  <use href="http://127.0.0.1:9/sprite.svg#x"/>
  <xi:include href="file:///etc/passwd" parse="text"/>
  <foreignObject width="64" height="64"><body xmlns="http://www.w3.org/1999/xhtml">${SCRIPT_MARKER}</body></foreignObject>
</svg>`;

/** An external entity (a local file) and nested ones (a "billion laughs": a few hundred bytes that expand to gigabytes). */
const SVG_ENTITY_BOMB = `<?xml version="1.0"?>
<!DOCTYPE svg [
<!ENTITY secret SYSTEM "file:///etc/passwd">
${Array.from({ length: 10 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`)
  .join('\n')
  .replace('&l0;'.repeat(10), 'lol'.repeat(10))}
]>
<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><text>&secret;&l10;</text></svg>`;

/**
 * A real PNG of `width` x `height` one-bit grey pixels, all black: a few hundred kilobytes of
 * deflated zeros that a decoder turns into width x height bytes (30 000² is 900 MB).
 */
function pngBomb(width = 30_000, height = 30_000): Buffer {
  const rowBytes = 1 + Math.ceil(width / 8);
  const raw = Buffer.alloc(rowBytes * height);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small PNG carrying a zTXt chunk that inflates to 64 MB of text. */
async function pngTextBomb(): Promise<Buffer> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#27ae60' } })
    .png()
    .toBuffer();
  const text = Buffer.concat([
    ascii('Comment\0'),
    Buffer.from([0]),
    deflateSync(Buffer.alloc(64 << 20, 0x41)),
  ]);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), pngChunk('zTXt', text), png.subarray(iend)]);
}

/** An animated GIF: `frames` copies of one `size`² frame, a gigapixel from under 2 MB. */
async function gifAnimationBomb(size = 1000, frames = 1000): Promise<Buffer> {
  const gif = parseGif(
    await sharp({ create: { width: size, height: size, channels: 3, background: '#8e44ad' } })
      .gif()
      .toBuffer(),
  );
  const frame = Buffer.concat(gif.frames);
  return Buffer.concat([gif.head, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

/** An animated WebP: `frames` lossless `size`² frames, each under the pixel limit, 4 gigapixels in all. */
async function webpAnimationBomb(size = 2000, frames = 1000): Promise<Buffer> {
  const still = await sharp({ create: { width: size, height: size, channels: 3, background: '#f39c12' } })
    .webp({ lossless: true })
    .toBuffer();
  const vp8l = still.subarray(12); // the VP8L chunk, header included
  const frameHeader = Buffer.concat([
    u24le(0),
    u24le(0),
    u24le(size - 1),
    u24le(size - 1),
    u24le(40),
    ascii('\0'),
  ]);
  const anmf = riffChunk('ANMF', Buffer.concat([frameHeader, vp8l]));
  const vp8x = riffChunk(
    'VP8X',
    Buffer.concat([Buffer.from([0x02, 0, 0, 0]), u24le(size - 1), u24le(size - 1)]),
  );
  const anim = riffChunk('ANIM', Buffer.from([0, 0, 0, 0, 0, 0]));
  const body = Buffer.concat([ascii('WEBP'), vp8x, anim, ...Array.from({ length: frames }, () => anmf)]);
  return Buffer.concat([ascii('RIFF'), u32le(body.length), body]);
}

/** The first half of a real photograph-sized JPEG: the header reads, the pixels stop. */
async function truncatedJpeg(): Promise<Buffer> {
  const noise = Buffer.alloc(400 * 300 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const full = await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } })
    .jpeg()
    .toBuffer();
  return full.subarray(0, Math.floor(full.length / 2));
}

/** A JPEG whose EXIF fills its 64 KB segment: a long description, camera GPS, a copyright. */
async function hugeExifJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#16a085' } })
    .jpeg()
    .withExif({
      IFD0: { ImageDescription: `${SCRIPT_MARKER}${'x'.repeat(60_000)}`, Copyright: 'Hostile' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 55/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '18/1 25/1 0/1',
      },
    })
    .toBuffer();
}

const HTML_PAGE = `<!doctype html><html><body>${SCRIPT_MARKER}<img src=x onerror="window.__xss='img'"></body></html>`;

/** A PDF header, then HTML: a PDF by its first bytes, a page to a browser that sniffs. */
const PDF_WITH_HTML = `%PDF-1.4\n${HTML_PAGE}\n%%EOF\n`;

const ZIP_BYTES = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.alloc(26),
  ascii('evil.html'),
]);

/** Every hostile file, made once per call (the bombs take about a second). */
export async function hostileFiles(): Promise<HostileFile[]> {
  const file = (
    key: string,
    name: string,
    type: string,
    bytes: Uint8Array,
    asImage: HostileFile['asImage'],
    asDocument: HostileFile['asDocument'],
  ): HostileFile => ({ key, name, type, bytes: new Uint8Array(bytes), asImage, asDocument });
  return [
    file('jpeg-html-polyglot', 'holiday.jpg', 'image/jpeg', await jpegHtmlPolyglot(), 'stored', 'stored'),
    file('gif-html-polyglot', 'wave.gif', 'image/gif', await gifHtmlPolyglot(), 'stored', 'refused'),
    file('svg-with-script', 'logo.svg', 'image/svg+xml', ascii(SVG_WITH_SCRIPT), 'refused', 'refused'),
    file('svg-named-png', 'logo.png', 'image/png', ascii(SVG_WITH_SCRIPT), 'refused', 'refused'),
    file('svg-entity-bomb', 'laughs.png', 'image/png', ascii(SVG_ENTITY_BOMB), 'refused', 'refused'),
    file('png-pixel-bomb', 'bomb.png', 'image/png', pngBomb(), 'refused', 'stored'),
    file('png-text-bomb', 'text.png', 'image/png', await pngTextBomb(), 'either', 'stored'),
    file('gif-animation-bomb', 'frames.gif', 'image/gif', await gifAnimationBomb(), 'stored', 'refused'),
    file('webp-animation-bomb', 'frames.webp', 'image/webp', await webpAnimationBomb(), 'stored', 'refused'),
    file('truncated-jpeg', 'cut.jpg', 'image/jpeg', await truncatedJpeg(), 'either', 'stored'),
    file('pdf-typed-as-image', 'scan.jpg', 'image/jpeg', ascii(PDF_WITH_HTML), 'refused', 'stored'),
    file('zip-typed-as-image', 'photo.png', 'image/png', ZIP_BYTES, 'refused', 'refused'),
    file('html-typed-as-image', 'photo.jpg', 'image/jpeg', ascii(HTML_PAGE), 'refused', 'refused'),
    file('html-named-pdf', 'statement.pdf', 'application/pdf', ascii(HTML_PAGE), 'refused', 'refused'),
    file('huge-exif-jpeg', 'camera.jpg', 'image/jpeg', await hugeExifJpeg(), 'stored', 'stored'),
  ];
}

/** A zero-byte upload: browsers send one for an empty file input, so it means "no file". */
export const EMPTY_FILE = { name: 'empty.png', type: 'image/png', bytes: new Uint8Array(0) };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([ascii(type), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function riffChunk(fourcc: string, data: Buffer): Buffer {
  const padded = data.length % 2 === 1 ? Buffer.concat([data, Buffer.alloc(1)]) : data;
  return Buffer.concat([ascii(fourcc), u32le(data.length), padded]);
}

function u16be(value: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(value);
  return b;
}
function u24le(value: number): Buffer {
  return Buffer.from([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff]);
}
function u32le(value: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value);
  return b;
}

/** Data split into GIF sub-blocks (at most 255 bytes each) and the block terminator. */
function subBlocks(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const part = data.subarray(i, i + 255);
    parts.push(Buffer.from([part.length]), part);
  }
  return Buffer.concat([...parts, Buffer.from([0])]);
}

/** A GIF cut into its head (header, screen descriptor, global colours) and its frames (each with its extensions). */
function parseGif(gif: Buffer): { head: Buffer; frames: Buffer[] } {
  const packed = gif[10] ?? 0;
  let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  let headEnd = at;
  const frames: Buffer[] = [];
  let frameStart = at;
  const skipSubBlocks = () => {
    while (gif[at] !== 0) at += (gif[at] ?? 0) + 1;
    at += 1;
  };
  while (at < gif.length && gif[at] !== 0x3b) {
    if (gif[at] === 0x21) {
      const isApplication = gif[at + 1] === 0xff;
      at += 2;
      skipSubBlocks();
      // The looping (NETSCAPE) block belongs to the file, not to a frame.
      if (isApplication && frames.length === 0) {
        headEnd = at;
        frameStart = at;
      }
    } else if (gif[at] === 0x2c) {
      const local = gif[at + 9] ?? 0;
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0) + 1;
      skipSubBlocks();
      frames.push(gif.subarray(frameStart, at));
      frameStart = at;
    } else {
      throw new Error(`Unexpected GIF block 0x${(gif[at] ?? 0).toString(16)} at ${at}`);
    }
  }
  return { head: gif.subarray(0, headEnd), frames };
}
