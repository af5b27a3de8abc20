import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '~/lib/server/accounts/session';

// env.ts reads the environment once, on import: a scratch DATA_DIR and database first.
const dataDir = mkdtempSync(join(tmpdir(), 'letsema-files-'));
vi.stubEnv('DATA_DIR', dataDir);
vi.stubEnv('DATABASE_URL', 'memory://');
vi.stubEnv('SEED_DEMO', 'false');
const { closeDb, getDb } = await import('~/lib/server/db');
const { storedFiles } = await import('~/lib/server/db/schema');
const { register } = await import('~/lib/server/accounts/auth');
const files = await import('~/lib/server/platform/files');
const { HttpError } = await import('~/lib/server/http/errors');

const filesDir = join(dataDir, 'files');
let ownerId: string;
let otherId: string;

function viewer(id: string, role: 'user' | 'admin' = 'user'): SessionUser {
  return {
    id,
    firstName: 'T',
    lastName: 'T',
    email: `${id}@example.co.za`,
    msisdn: null,
    location: null,
    active: true,
    emailConfirmed: true,
    hasOrganization: false,
    isChampion: false,
    role,
  };
}

const png = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#0b6e4f' } })
    .png()
    .toBuffer();

/** Every file under DATA_DIR/files, as storage keys. */
function storedKeys(): string[] {
  if (!existsSync(filesDir)) return [];
  return readdirSync(filesDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(filesDir.length + 1))
    .sort();
}

async function expectHttpError(promise: Promise<unknown>, status: number, message: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect(error).toMatchObject({ status, message });
}

beforeAll(async () => {
  const password = 'a-long-unusual-passphrase';
  ownerId = (
    await register({ firstName: 'Owner', lastName: 'Files', email: 'owner@example.co.za', password })
  ).id;
  otherId = (
    await register({ firstName: 'Other', lastName: 'Files', email: 'other@example.co.za', password })
  ).id;
}, 60_000);

afterAll(async () => {
  await closeDb();
  vi.unstubAllEnvs();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('saveImage', () => {
  it('stores a PNG as WebP in the widths of its purpose, never enlarged, with one public row', async () => {
    const saved = await files.saveImage({
      bytes: await png(1200, 800),
      originalName: '../../holiday photo.png',
      ownerId,
      purpose: 'campaign',
    });
    const prefix = `images/campaign/${saved.id}`;
    expect(saved.url).toBe(`/files/${prefix}/960.webp`);
    expect(storedKeys().filter((k) => k.startsWith(prefix))).toEqual(
      [`${prefix}/1600.webp`, `${prefix}/480.webp`, `${prefix}/960.webp`].sort(),
    );
    const widths = await Promise.all(
      [480, 960, 1600].map(async (w) => {
        const meta = await sharp(join(filesDir, prefix, `${w}.webp`)).metadata();
        expect(meta.format).toBe('webp');
        return [meta.width, meta.height];
      }),
    );
    expect(widths).toEqual([
      [480, 320],
      [960, 640],
      [1200, 800],
    ]);

    const db = await getDb();
    const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, saved.id));
    expect(row).toMatchObject({
      storageKey: `${prefix}/960.webp`,
      url: saved.url,
      originalName: 'holiday photo.png',
      mimeType: 'image/webp',
      isPrivate: false,
      ownerId,
    });
    expect(row?.size).toBeGreaterThan(0);
  });

  it('crops avatars square', async () => {
    const saved = await files.saveImage({
      bytes: await png(600, 300),
      originalName: 'me.png',
      ownerId,
      purpose: 'avatar',
    });
    const meta = await sharp(join(filesDir, `images/avatar/${saved.id}/96.webp`)).metadata();
    expect([meta.width, meta.height]).toEqual([96, 96]);
  });

  it('accepts the other formats by content, whatever the name', async () => {
    const source = sharp({ create: { width: 64, height: 48, channels: 3, background: '#fff' } });
    for (const bytes of [
      await source.clone().jpeg().toBuffer(),
      await source.clone().webp().toBuffer(),
      await source.clone().gif().toBuffer(),
      await source.clone().avif().toBuffer(),
    ]) {
      const saved = await files.saveImage({ bytes, originalName: 'upload.txt', ownerId, purpose: 'logo' });
      expect(saved.url).toMatch(/\/320\.webp$/);
    }
  });

  it('stores an animated GIF as its first frame only (an animation costs no more than one picture)', async () => {
    const frames = await Promise.all(
      ['#0b6e4f', '#f2a541', '#ffffff'].map((background) =>
        sharp({ create: { width: 120, height: 80, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const saved = await files.saveImage({ bytes: gif, originalName: 'wave.gif', ownerId, purpose: 'update' });
    const stored = sharp(join(filesDir, `images/update/${saved.id}/480.webp`));
    const meta = await stored.metadata();
    expect(meta.pages ?? 1).toBe(1);
    expect([meta.width, meta.height]).toEqual([120, 80]);
    // The first frame's green, not a later frame's.
    const { dominant } = await stored.stats();
    expect(dominant.g).toBeGreaterThan(dominant.r);
  });

  it('refuses a text file named .png, with the message', async () => {
    const before = storedKeys();
    await expectHttpError(
      files.saveImage({
        bytes: new TextEncoder().encode('not an image at all'),
        originalName: 'picture.png',
        ownerId,
        purpose: 'avatar',
      }),
      400,
      'Please upload a JPEG, PNG, WebP, GIF or AVIF image.',
    );
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expectHttpError(
      files.saveImage({ bytes: svg, originalName: 'logo.svg', ownerId, purpose: 'logo' }),
      400,
      'Please upload a JPEG, PNG, WebP, GIF or AVIF image.',
    );
    expect(storedKeys()).toEqual(before);
  });

  it('refuses more than 5 MB with 413', async () => {
    await expectHttpError(
      files.saveImage({
        bytes: new Uint8Array(files.MAX_IMAGE_BYTES + 1),
        originalName: 'huge.png',
        ownerId,
        purpose: 'campaign',
      }),
      413,
      'The image is too large. The maximum is 5 MB.',
    );
  });

  // Making a 40-megapixel image takes seconds on a busy 2-core machine: a longer timeout, not a speed limit.
  it('refuses more than 40 megapixels with 413', { timeout: 30_000 }, async () => {
    // A flat colour compresses to a few kilobytes however many pixels it has.
    const bytes = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#000' } })
      .png({ palette: true, compressionLevel: 9 })
      .toBuffer();
    expect(bytes.byteLength).toBeLessThan(files.MAX_IMAGE_BYTES);
    await expectHttpError(
      files.saveImage({ bytes, originalName: 'bomb.png', ownerId, purpose: 'campaign' }),
      413,
      'The image is too large. The maximum is 40 megapixels.',
    );
  });

  it('turns a photo upright by its EXIF orientation and strips its metadata, GPS included', async () => {
    const photo = await sharp(await png(400, 200))
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD3: { GPSMapDatum: 'WGS-84-LETSEMA', GPSLatitudeRef: 'S', GPSLatitude: '33/1 55/1 0/1' },
      })
      .jpeg()
      .toBuffer();
    const input = await sharp(photo).metadata();
    expect(input.exif?.toString('latin1')).toContain('WGS-84-LETSEMA');

    const saved = await files.saveImage({
      bytes: photo,
      originalName: 'IMG_0001.jpg',
      ownerId,
      purpose: 'update',
    });
    for (const width of [480, 960, 1600]) {
      const path = join(filesDir, `images/update/${saved.id}/${width}.webp`);
      const meta = await sharp(path).metadata();
      expect([meta.width, meta.height]).toEqual([200, 400]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });
});

describe('saveDocument', () => {
  it('stores a PDF privately by its first bytes, and refuses other types', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const saved = await files.saveDocument({ bytes: pdf, originalName: 'id document.pdf', ownerId });
    expect(saved.url).toBe(`/files/documents/${saved.id}.pdf`);
    const db = await getDb();
    const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, saved.id));
    expect(row).toMatchObject({ isPrivate: true, mimeType: 'application/pdf', size: pdf.byteLength });

    await expectHttpError(
      files.saveDocument({
        bytes: await png(10, 10),
        originalName: 'x.pdf',
        ownerId,
        mimeTypes: ['application/pdf'],
      }),
      400,
      'Please upload a PDF file.',
    );
    await expectHttpError(
      files.saveDocument({ bytes: new TextEncoder().encode('hello'), originalName: 'x.pdf', ownerId }),
      400,
      'Please upload a PDF, JPEG or PNG file.',
    );
    await expectHttpError(
      files.saveDocument({
        bytes: new Uint8Array(files.MAX_DOCUMENT_BYTES + 1),
        originalName: 'x.pdf',
        ownerId,
      }),
      413,
      'The file is too large. The maximum is 10 MB.',
    );
  });
});

describe('openStoredFile', () => {
  it('serves public variants to anyone and private files only to their owner and admins', async () => {
    const image = await files.saveImage({
      bytes: await png(300, 300),
      originalName: 'a.png',
      ownerId,
      purpose: 'avatar',
    });
    const variant = await files.openStoredFile(`images/avatar/${image.id}/96.webp`, null);
    expect(variant).toMatchObject({ contentType: 'image/webp', isPrivate: false });
    expect(await files.openStoredFile(image.id, null)).toMatchObject({ contentType: 'image/webp' });
    // Only the widths of its purpose, under its own purpose.
    expect(await files.openStoredFile(`images/avatar/${image.id}/480.webp`, null)).toBeNull();
    expect(await files.openStoredFile(`images/logo/${image.id}/160.webp`, null)).toBeNull();

    const doc = await files.saveDocument({
      bytes: await png(10, 10),
      originalName: 'bank letter.png',
      ownerId,
    });
    const key = doc.url.replace('/files/', '');
    expect(await files.openStoredFile(key, null)).toBeNull();
    expect(await files.openStoredFile(key, viewer(otherId))).toBeNull();
    expect(await files.openStoredFile(doc.id, viewer(otherId))).toBeNull();
    expect(await files.openStoredFile(key, viewer(ownerId))).toMatchObject({
      contentType: 'image/png',
      isPrivate: true,
      fileName: 'bank letter.png',
    });
    expect(await files.openStoredFile(key, viewer(otherId, 'admin'))).not.toBeNull();
  });

  it('knows nothing of keys that are not rows, or that try to leave the directory', async () => {
    for (const key of [
      '',
      'nope',
      '../../etc/passwd',
      'documents/../../secret',
      '/etc/passwd',
      'images/..',
    ]) {
      expect(await files.openStoredFile(key, viewer(ownerId, 'admin')), key).toBeNull();
    }
  });
});

describe('imageUrl', () => {
  it('picks the smallest stored width that is wide enough', () => {
    const file = {
      id: 'x',
      storageKey: 'images/campaign/0f0e0d0c-0b0a-4988-8776-655443322110/960.webp',
      url: '/u',
    };
    expect(files.imageUrl(file)).toBe('/u');
    expect(files.imageUrl(file, 300)).toBe(
      '/files/images/campaign/0f0e0d0c-0b0a-4988-8776-655443322110/480.webp',
    );
    expect(files.imageUrl(file, 961)).toMatch(/\/1600\.webp$/);
    expect(files.imageUrl(file, 4000)).toMatch(/\/1600\.webp$/);
    expect(files.imageSrcSet(file)).toMatch(/480\.webp 480w, .+960\.webp 960w, .+1600\.webp 1600w$/);
    expect(files.imageUrl({ id: 'y', storageKey: 'demo/a.svg', url: '/demo/a.svg' }, 300)).toBe(
      '/demo/a.svg',
    );
  });
});

describe('deleteStoredFile', () => {
  it('removes the row and every variant', async () => {
    const saved = await files.saveImage({
      bytes: await png(2000, 1000),
      originalName: 'gone.png',
      ownerId,
      purpose: 'campaign',
    });
    expect(storedKeys().filter((k) => k.includes(saved.id))).toHaveLength(3);

    expect(await files.deleteStoredFile(saved.id)).toBe(true);
    const db = await getDb();
    expect(await db.select().from(storedFiles).where(eq(storedFiles.id, saved.id))).toEqual([]);
    expect(storedKeys().filter((k) => k.includes(saved.id))).toEqual([]);
    expect(existsSync(join(filesDir, `images/campaign/${saved.id}`))).toBe(false);
    expect(await files.deleteStoredFile(saved.id)).toBe(false);
  });
});

describe('uploads per account', () => {
  it('an account uploads 60 files an hour, then waits with 429 before any work; other accounts are unaffected', async () => {
    const password = 'a-long-unusual-passphrase';
    const { id } = await register({
      firstName: 'Busy',
      lastName: 'Uploader',
      email: 'busy@example.co.za',
      password,
    });
    const pdf = new TextEncoder().encode('%PDF-1.4 a tiny document');
    for (let i = 0; i < 60; i++) await files.saveDocument({ bytes: pdf, originalName: 'a.pdf', ownerId: id });
    const before = storedKeys();
    const error = await files
      .saveImage({ bytes: await png(64, 64), originalName: 'one-more.png', ownerId: id, purpose: 'campaign' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many requests\. Please wait \d+ minutes? and try again\.$/),
      headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
    });
    await expect(
      files.saveDocument({ bytes: pdf, originalName: 'b.pdf', ownerId: id }),
    ).rejects.toMatchObject({
      status: 429,
    });
    expect(storedKeys()).toEqual(before);
    await expect(
      files.saveDocument({ bytes: pdf, originalName: 'c.pdf', ownerId: otherId }),
    ).resolves.toMatchObject({ id: expect.any(String) });
  }, 60_000);
});
