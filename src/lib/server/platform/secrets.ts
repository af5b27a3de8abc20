import { hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dataPath, env } from './env';

let jwtKey: Uint8Array | undefined;

/**
 * The HS256 key for access and refresh tokens: JWT_SECRET when given, else a
 * random key generated once into DATA_DIR so tokens survive restarts.
 */
export function getJwtKey(): Uint8Array {
  if (jwtKey) return jwtKey;
  jwtKey = new TextEncoder().encode(env.jwtSecret ?? readOrCreateSecret('jwt-secret'));
  return jwtKey;
}

const derivedKeys = new Map<string, Buffer>();

/**
 * A key of its own for one purpose (`label`): HKDF-SHA256 of the JWT key, so a token made for
 * one purpose never passes for another, while JWT_SECRET stays the one secret an operator keeps.
 */
export function derivedKey(label: string): Buffer {
  let key = derivedKeys.get(label);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', getJwtKey(), Buffer.alloc(0), label, 32));
    derivedKeys.set(label, key);
  }
  return key;
}

/** A random secret kept in DATA_DIR/`fileName`, created on first use (also for other keys, e.g. ALTCHA's). */
export function readOrCreateSecret(fileName: string): string {
  const path = dataPath(fileName);
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    // 'wx' fails if another process created it meanwhile; then we read theirs.
    try {
      writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return readFileSync(path, 'utf8').trim();
    }
  }
}
