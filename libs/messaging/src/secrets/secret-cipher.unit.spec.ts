import { createHash, randomBytes } from 'node:crypto';
import { SecretCipher, SecretKeyMismatchError } from './secret-cipher';

describe('SecretCipher', () => {
  const key = randomBytes(32);
  const cipher = new SecretCipher(key);
  const secret = 'SG.a-provider-api-key-0123456789';

  it('round-trips a secret in its context', () => {
    const encrypted = cipher.encrypt(secret, 'org-1');
    expect(encrypted.ciphertext.includes(Buffer.from(secret))).toBe(false);
    expect(cipher.decrypt(encrypted, 'org-1')).toBe(secret);
  });

  it('uses a fresh IV each time', () => {
    expect(cipher.encrypt(secret, 'org-1').ciphertext).not.toEqual(
      cipher.encrypt(secret, 'org-1').ciphertext,
    );
  });

  it('names the key by the first 8 hex characters of its SHA-256', () => {
    expect(cipher.keyId).toBe(createHash('sha256').update(key).digest('hex').slice(0, 8));
    expect(cipher.encrypt(secret, 'org-1').keyId).toBe(cipher.keyId);
  });

  it('refuses a secret encrypted with another key, saying so', () => {
    const other = new SecretCipher(randomBytes(32));
    const encrypted = other.encrypt(secret, 'org-1');
    expect(() => cipher.decrypt(encrypted, 'org-1')).toThrow(SecretKeyMismatchError);
    expect(() => cipher.decrypt(encrypted, 'org-1')).toThrow(
      `encrypted with key ${other.keyId}, but ENCRYPTION_KEY is key ${cipher.keyId}`,
    );
  });

  it('refuses a ciphertext moved to another context or altered', () => {
    const encrypted = cipher.encrypt(secret, 'org-1');
    expect(() => cipher.decrypt(encrypted, 'org-2')).toThrow();
    const altered = Buffer.from(encrypted.ciphertext);
    altered[altered.length - 1] ^= 1;
    expect(() => cipher.decrypt({ ...encrypted, ciphertext: altered }, 'org-1')).toThrow();
  });
});
