/**
 * A cash-on-delivery return's refund account (UPI ID or bank account) is stored only encrypted: AES-256-GCM
 * from node:crypto, a fresh 96-bit IV per value, the tag kept with it ('v1.<iv>.<tag>.<ciphertext>',
 * base64url). The key is DATA_KEY (hashed to 32 bytes) or, unset, 32 random bytes kept in DATA_DIR/data.key
 * (mode 0600), made by the first process that needs it: beside the server, never in the database, so a
 * copy of the database alone does not reveal an account. Several machines must share DATA_KEY.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RefundAccount } from '../../shared/returns';
import type { ServerConfig } from '../context';

const VERSION = 'v1';
const keys = new Map<string, Buffer>();

/** The key file's 32 bytes, written once (`wx`: of two processes racing, one writes and both read it). */
function keyFileIn(dataDir: string): Buffer {
  const path = join(dataDir, 'data.key');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(path, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${path} does not hold a 32-byte key (base64)`);
  return key;
}

function keyOf(config: Pick<ServerConfig, 'dataDir' | 'lifecycle'>): Buffer {
  const secret = config.lifecycle.dataKey ?? null;
  const id = secret === null ? `file:${config.dataDir}` : `env:${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = secret === null ? keyFileIn(config.dataDir) : createHash('sha256').update(secret).digest();
    keys.set(id, key);
  }
  return key;
}

/** The account, encrypted for the returns.refund_account column. */
export function sealAccount(
  config: Pick<ServerConfig, 'dataDir' | 'lifecycle'>,
  account: RefundAccount,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(account), 'utf8'), cipher.final()]);
  return [VERSION, ...[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'))].join('.');
}

/** The account back (for the store's payout), or an error when the value was changed or the key is another. */
export function openAccount(
  config: Pick<ServerConfig, 'dataDir' | 'lifecycle'>,
  sealed: string,
): RefundAccount {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined)
    throw new Error('not a sealed refund account');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(config), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as RefundAccount;
}
