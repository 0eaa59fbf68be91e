import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';

const pkcs8 = (type: 'rsa' | 'ed25519') =>
  (type === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ed25519')).privateKey
    .export({ type: 'pkcs8', format: 'pem' })
    .toString();

describe('the service account settings', () => {
  it('are optional: without them the sheets have no client', () => {
    expect(loadConfig({}).googleSheets).toMatchObject({
      credentials: null,
      apiUrl: 'https://sheets.googleapis.com',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      writesPerMinute: 50,
    });
  });

  it('take the key as in the JSON key file, its line breaks written as \\n', () => {
    const key = pkcs8('rsa');
    const config = loadConfig({
      GOOGLE_SHEETS_CLIENT_EMAIL: 'export@p.iam.gserviceaccount.com',
      GOOGLE_SHEETS_PRIVATE_KEY: key.replace(/\n/g, '\\n'),
    });
    expect(config.googleSheets.credentials).toEqual({ clientEmail: 'export@p.iam.gserviceaccount.com', privateKey: key });
  });

  it('refuse to boot with one without the other, a key that is not RSA, or a pace above Google’s project limit', () => {
    expect(() => loadConfig({ GOOGLE_SHEETS_CLIENT_EMAIL: 'export@p.iam.gserviceaccount.com' })).toThrow(
      'GOOGLE_SHEETS_CLIENT_EMAIL and GOOGLE_SHEETS_PRIVATE_KEY: set both or neither',
    );
    expect(() =>
      loadConfig({ GOOGLE_SHEETS_CLIENT_EMAIL: 'export@p.iam.gserviceaccount.com', GOOGLE_SHEETS_PRIVATE_KEY: pkcs8('ed25519') }),
    ).toThrow('GOOGLE_SHEETS_PRIVATE_KEY: not an RSA private key');
    expect(() =>
      loadConfig({ GOOGLE_SHEETS_CLIENT_EMAIL: 'export@p.iam.gserviceaccount.com', GOOGLE_SHEETS_PRIVATE_KEY: 'not a key' }),
    ).toThrow('GOOGLE_SHEETS_PRIVATE_KEY');
    expect(() => loadConfig({ GOOGLE_SHEETS_WRITES_PER_MINUTE: '301' })).toThrow('GOOGLE_SHEETS_WRITES_PER_MINUTE');
  });
});
