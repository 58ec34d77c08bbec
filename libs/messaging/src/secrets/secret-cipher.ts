import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface EncryptedSecret {
  /** IV, then the GCM tag, then the encrypted text. */
  ciphertext: Buffer;
  /** Which ENCRYPTION_KEY encrypted it: the first 8 hex characters of the key's SHA-256. */
  keyId: string;
}

export class SecretKeyMismatchError extends Error {
  constructor(storedKeyId: string, currentKeyId: string) {
    super(
      `The secret was encrypted with key ${storedKeyId}, but ENCRYPTION_KEY is key ${currentKeyId}; ` +
        'enter the secret again',
    );
    this.name = 'SecretKeyMismatchError';
  }
}

/**
 * AES-256-GCM for provider keys at rest. `context` (e.g. the organization id) is bound as
 * additional authenticated data, so a ciphertext copied to another row does not decrypt.
 */
export class SecretCipher {
  readonly keyId: string;

  constructor(private readonly key: Buffer) {
    this.keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  }

  encrypt(plaintext: string, context: string): EncryptedSecret {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv).setAAD(Buffer.from(context));
    const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { ciphertext: Buffer.concat([iv, cipher.getAuthTag(), encrypted]), keyId: this.keyId };
  }

  decrypt(secret: EncryptedSecret, context: string): string {
    if (secret.keyId !== this.keyId) throw new SecretKeyMismatchError(secret.keyId, this.keyId);
    const iv = secret.ciphertext.subarray(0, IV_BYTES);
    const tag = secret.ciphertext.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv(ALGORITHM, this.key, iv)
      .setAAD(Buffer.from(context))
      .setAuthTag(tag);
    const encrypted = secret.ciphertext.subarray(IV_BYTES + TAG_BYTES);
    return Buffer.concat([decipher.update(encrypted), decipher.final()]).toString('utf8');
  }
}
