import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * The followed site's read credential must be sent to that site as is (a token) or as its SHA-1
 * (an API_SECRET), so unlike the uploaders' secrets it cannot be kept as a digest: it is sealed
 * with AES-256-GCM under a key derived from the server's secret (AUTH_SECRET), and bound to the
 * patient it belongs to (additional data), so a row copied to another patient opens nothing.
 */

const VERSION = 'v1';

/** The sealing key, derived once from the server's secret (HKDF-SHA-256, its own label). */
export function deriveFollowKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'glucosuivi', 'nightscout-follow-credential', 32));
}

export function sealCredential(key: Buffer, patientId: string, credential: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(patientId, 'utf8'));
  const sealed = Buffer.concat([cipher.update(credential, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The credential, or null when it cannot be opened (another key, another patient, altered). */
export function openCredential(key: Buffer, patientId: string, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(patientId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** What the page shows of a credential: "••••" and its last four characters (none of a short one). */
export function credentialHint(credential: string): string {
  return credential.length >= 12 ? `••••${credential.slice(-4)}` : '••••';
}
