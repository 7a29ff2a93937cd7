import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// A secret kept or handed out sealed (issue 43), AES-256-GCM: the provider's tokens on a session row (SSO_TOKEN_KEY; a
// copy of the table does not hold a refresh token anyone can use) and the CADSUS candidates' references (the number
// never reaches the browser). The additional data (`context`) binds each value to where it belongs: a value moved to
// another session, column or purpose does not decrypt.

const FORMAT = 'v1';

/** An AES-256 key's 32 bytes (SSO_TOKEN_KEY): 64 hex digits or base64 (standard or URL-safe); null when it is neither. */
export function tokenKey(text: string): Buffer | null {
  const t = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(t)
    ? Buffer.from(t, 'hex')
    : /^[A-Za-z0-9+/_-]{42,44}={0,2}$/.test(t)
      ? Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null;
  return bytes?.length === 32 ? bytes : null;
}

export function encryptToken(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [FORMAT, iv, body, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain text, or null when it does not decrypt (another key, another context, altered): treated as absent. */
export function decryptToken(key: Buffer, stored: string, context: string): string | null {
  const [format, iv, body, tag, ...rest] = stored.split('.');
  if (format !== FORMAT || !iv || body === undefined || !tag || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
