import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_DAYS } from '../../server/addresses/delivery';
import {
  DEFAULT_RATE_LIMIT,
  httpHardeningFrom,
  isDevelopment,
  lifecycleConfigFrom,
  loadConfig,
  PROJECT_ROOT,
  paymentsModeFrom,
} from '../../server/infra/config';
import { loadStoreConfig, parseStoreConfig, StoreConfigError } from '../../server/infra/store-config';
import { API, setupTestApp, TEST_STORE } from './helpers';

/** The development setting (server/infra/config.ts isDevelopment): without it every production guard is on. */
const DEV = { NODE_ENV: 'development' };

describe('loadConfig', () => {
  it('uses the documented defaults when the environment says only development', () => {
    const config = loadConfig(DEV);
    expect(config).toMatchObject({
      port: 8044,
      host: '0.0.0.0',
      dataDir: resolve('./.data'),
      databaseUrl: null,
      pgliteSharedBuffers: '16MB',
      publicUrl: null,
      trustProxy: false,
      storeConfigPath: resolve(PROJECT_ROOT, 'store.config.json'),
      logLevel: 'info',
      rateLimit: DEFAULT_RATE_LIMIT,
    });
    expect(config.payments.provider).toBe('sandbox');
    expect(config.payments.sandboxSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      ...DEV,
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/sf-data',
      DATABASE_URL: 'postgres://db/statefront',
      PGLITE_SHARED_BUFFERS: '256MB',
      PUBLIC_URL: 'https://shop.example.in/',
      STORE_CONFIG: '/etc/statefront/store.json',
      PAYU_KEY: 'key',
      PAYU_SALT: 'salt',
      PAYU_MODE: 'live',
      SANDBOX_SECRET: 'sandbox',
      UPI_VPA: 'shop@okicici',
      UPI_PAYEE_NAME: 'Shop',
      RATE_LIMIT_AUTH_MAX: '5',
      RATE_LIMIT_REGISTER_MAX: '6',
      RATE_LIMIT_TRACK_MAX: '7',
      RATE_LIMIT_RESET_MAX: '9',
      RATE_LIMIT_GLOBAL_MAX: '8',
      RATE_LIMIT_WINDOW_MS: '30000',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/sf-data',
      databaseUrl: 'postgres://db/statefront',
      pgliteSharedBuffers: '256MB',
      publicUrl: 'https://shop.example.in',
      storeConfigPath: '/etc/statefront/store.json',
      logLevel: 'warn',
      rateLimit: { authMax: 5, registerMax: 6, trackMax: 7, resetMax: 9, globalMax: 8, windowMs: 30000 },
      payments: {
        provider: 'payu',
        sandboxSecret: 'sandbox',
        payu: { key: 'key', salt: 'salt', mode: 'live' },
        upiVpa: 'shop@okicici',
        upiPayeeName: 'Shop',
      },
    });
  });

  it('rejects a malformed number with the variable name', () => {
    expect(() => loadConfig({ ...DEV, PORT: 'eighty' })).toThrow(/PORT must be an integer/);
    expect(() => loadConfig({ ...DEV, RATE_LIMIT_AUTH_MAX: '0' })).toThrow(/RATE_LIMIT_AUTH_MAX/);
    expect(() => loadConfig({ ...DEV, PUBLIC_URL: 'shop.example.in' })).toThrow(
      /PUBLIC_URL must be an absolute/,
    );
    expect(() => loadConfig({ ...DEV, PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(
      'PGLITE_SHARED_BUFFERS must be a size such as 16MB or 256MB (got "lots")',
    );
  });
});

describe('PAYMENTS: payments fail closed (docs/security.md row 6)', () => {
  const PAYU = { PAYU_KEY: 'key', PAYU_SALT: 'salt' };
  it('refuses production without a complete PayU configuration unless PAYMENTS=sandbox', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'NODE_ENV=production but no payment gateway is configured: set PAYU_KEY and PAYU_SALT',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENTS: 'payu' })).toThrow(
      'PAYMENTS=payu needs PAYU_KEY and PAYU_SALT',
    );
    const sandbox = loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox' }).payments;
    expect(sandbox).toMatchObject({ provider: 'sandbox', payu: null, sandboxBanner: true });
    const payu = loadConfig({ NODE_ENV: 'production', ...PAYU }).payments;
    expect(payu).toMatchObject({ provider: 'payu', sandboxBanner: false });
  });

  it('refuses one PayU key without the other, whatever PAYMENTS and NODE_ENV say', () => {
    for (const extra of [{}, { PAYMENTS: 'sandbox' }, { NODE_ENV: 'production' }]) {
      expect(() => paymentsModeFrom({ PAYU_KEY: 'key', ...extra })).toThrow(
        'PAYU_KEY is set but PAYU_SALT is not',
      );
      expect(() => paymentsModeFrom({ PAYU_SALT: 'salt', ...extra })).toThrow(
        'PAYU_SALT is set but PAYU_KEY is not',
      );
    }
  });

  it('chooses PayU when configured, the sandbox in development, and the sandbox when asked to', () => {
    expect(paymentsModeFrom(DEV)).toBe('sandbox');
    expect(paymentsModeFrom(PAYU)).toBe('payu');
    expect(paymentsModeFrom({ ...PAYU, PAYMENTS: 'sandbox' })).toBe('sandbox');
    expect(loadConfig({ ...PAYU, PAYMENTS: 'sandbox' }).payments.payu).toBeNull();
    expect(loadConfig(DEV).payments.sandboxBanner).toBe(false);
    expect(() => paymentsModeFrom({ PAYMENTS: 'stripe' })).toThrow('PAYMENTS must be "sandbox" or "payu"');
  });
});

describe('production hardening settings (docs/security.md row 12)', () => {
  it('serves source maps and admits loopback origins in development only', () => {
    expect(httpHardeningFrom(DEV)).toEqual({ corsOrigins: [], loopbackCors: true, serveSourceMaps: true });
    expect(httpHardeningFrom({ NODE_ENV: 'production' })).toEqual({
      corsOrigins: [],
      loopbackCors: false,
      serveSourceMaps: false,
    });
  });

  it('reads CORS_ORIGINS as a list of origins and refuses anything else', () => {
    expect(
      httpHardeningFrom({ CORS_ORIGINS: 'https://admin.example.in/, http://localhost:5173' }).corsOrigins,
    ).toEqual(['https://admin.example.in', 'http://localhost:5173']);
    expect(() => httpHardeningFrom({ CORS_ORIGINS: 'admin.example.in' })).toThrow(
      /CORS_ORIGINS must be origins/,
    );
    expect(() => httpHardeningFrom({ CORS_ORIGINS: 'https://a.example/path' })).toThrow(/CORS_ORIGINS/);
  });
});

describe('NODE_ENV: production unless development is said', () => {
  const SHORT = 'short-secret';
  // An unset NODE_ENV is what a unit file written from docs/deploy.md gives; `staging` and `prod` are
  // settings an operator might reach for. Each runs with every production guard on.
  it.each([[{}], [{ NODE_ENV: '' }], [{ NODE_ENV: 'staging' }], [{ NODE_ENV: 'prod' }]])(
    'an environment of %j runs as production',
    (env: Record<string, string>) => {
      expect(isDevelopment(env)).toBe(false);
      expect(() => loadConfig(env)).toThrow(/but no payment gateway is configured/);
      expect(() => loadConfig(env)).toThrow(/only NODE_ENV=development turns the production guards off/);
      const sandbox = { ...env, PAYMENTS: 'sandbox' };
      expect(loadConfig(sandbox).payments.sandboxBanner).toBe(true);
      expect(httpHardeningFrom(env)).toEqual({
        corsOrigins: [],
        loopbackCors: false,
        serveSourceMaps: false,
      });
      for (const name of ['SANDBOX_SECRET', 'RESET_SECRET', 'FULFILMENT_SECRET'])
        expect(() => loadConfig({ ...sandbox, [name]: SHORT }), name).toThrow(`${name} must be at least 32`);
      expect(() => lifecycleConfigFrom({ ...env, FULFILMENT_SECRET: SHORT })).toThrow(/at least 32/);
      expect(() => loadConfig({ ...sandbox, DEV_OUTBOX: '1' })).toThrow(/only with NODE_ENV=development/);
      expect(() => loadConfig({ ...sandbox, SMTP_URL: 'smtp://mail.example.in' })).toThrow(
        /PUBLIC_URL is not/,
      );
    },
  );

  it.each(['development', 'test', ' Development '])('NODE_ENV=%j turns them off', (mode) => {
    const env = { NODE_ENV: mode };
    expect(isDevelopment(env)).toBe(true);
    expect(loadConfig(env).payments).toMatchObject({ provider: 'sandbox', sandboxBanner: false });
    expect(httpHardeningFrom(env)).toEqual({ corsOrigins: [], loopbackCors: true, serveSourceMaps: true });
    expect(loadConfig({ ...env, SANDBOX_SECRET: SHORT, RESET_SECRET: SHORT }).mail.resetSecret).toBe(SHORT);
    expect(lifecycleConfigFrom({ ...env, FULFILMENT_SECRET: SHORT }).fulfilmentSecret).toBe(SHORT);
    expect(loadConfig({ ...env, DEV_OUTBOX: '1' }).mail.devOutbox).toBe(true);
  });
});

describe('signing secrets in production', () => {
  const production = { NODE_ENV: 'production', PAYMENTS: 'sandbox' };
  it.each(['SANDBOX_SECRET', 'RESET_SECRET', 'FULFILMENT_SECRET'])(
    'refuses a %s shorter than 32 characters, naming it and how to make one',
    (name) => {
      expect(() => loadConfig({ ...production, [name]: 'short-secret' })).toThrow(
        `${name} must be at least 32 characters with NODE_ENV=production (got 12); e.g. openssl rand -hex 32`,
      );
      expect(() => loadConfig({ ...production, [name]: 'a'.repeat(32) })).not.toThrow();
      // In development a short one is a developer's choice.
      expect(() => loadConfig({ ...DEV, [name]: 'short-secret' })).not.toThrow();
    },
  );
});

describe('loadConfig: mail', () => {
  // PAYMENTS=sandbox: production refuses to start without a complete gateway configuration otherwise.
  const production = { NODE_ENV: 'production', PAYMENTS: 'sandbox' };

  it('refuses production SMTP without PUBLIC_URL, saying why', () => {
    expect(() => loadConfig({ ...production, SMTP_URL: 'smtp://mail.example.in' })).toThrow(
      /SMTP_URL is set but PUBLIC_URL is not: the links in account mail .* only from PUBLIC_URL/,
    );
    expect(
      loadConfig({ ...production, SMTP_URL: 'smtp://mail.example.in', PUBLIC_URL: 'https://shop.example.in' })
        .publicUrl,
    ).toBe('https://shop.example.in');
    // Development may send mail without it: the links then go to http://localhost:PORT.
    expect(loadConfig({ ...DEV, SMTP_URL: 'smtp://mail.example.in' }).mail.smtpUrl).toBe(
      'smtp://mail.example.in',
    );
  });

  it('serves the development outbox only with DEV_OUTBOX=1, only in development', () => {
    expect(loadConfig(production).mail.devOutbox).toBe(false);
    expect(loadConfig(DEV).mail.devOutbox).toBe(false);
    expect(loadConfig({ ...DEV, DEV_OUTBOX: '1' }).mail.devOutbox).toBe(true);
    expect(() => loadConfig({ ...production, DEV_OUTBOX: '1' })).toThrow(
      /DEV_OUTBOX=1 .* only with NODE_ENV=development \(got NODE_ENV=production\)/,
    );
  });
});

describe('store config', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'statefront-store-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('accepts a complete config and keeps the UPI payee apart from StoreInfo', () => {
    const loaded = parseStoreConfig({
      ...TEST_STORE,
      upi: { vpa: 'statefront@okaxis', payeeName: 'Statefront' },
    });
    expect(loaded.store).toEqual(TEST_STORE);
    expect(loaded.upi).toEqual({ vpa: 'statefront@okaxis', payeeName: 'Statefront' });
  });

  it('reads the dispatch PIN and fills the zones it does not name with the default days', () => {
    const loaded = parseStoreConfig({
      ...TEST_STORE,
      delivery: { fromPin: '201301', days: { local: [0, 1] } },
    });
    expect(loaded.delivery).toEqual({ fromPin: '201301', days: { ...DEFAULT_DELIVERY_DAYS, local: [0, 1] } });
    expect(parseStoreConfig(TEST_STORE).delivery).toBeNull();
  });

  it('refuses a dispatch PIN that is not six digits and days that run backwards', () => {
    expect(() =>
      parseStoreConfig({ ...TEST_STORE, delivery: { fromPin: '20130', days: { region: [5, 3] } } }),
    ).toThrow(
      /delivery\.fromPin: must be a six-digit PIN code[\s\S]*delivery\.days\.region: must be \[fewest, most\]/,
    );
  });

  it('names each bad field', () => {
    const { storeName: _storeName, ...withoutName } = TEST_STORE;
    const bad = { ...withoutName, companyEmail: 'nope', categories: [], policies: { refunds: '<p>x</p>' } };
    let message = '';
    try {
      parseStoreConfig(bad);
    } catch (error) {
      expect(error).toBeInstanceOf(StoreConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('storeName');
    expect(message).toContain('companyEmail');
    expect(message).toContain('categories');
    expect(message).toContain('policies');
  });

  it('reports unreadable and non-JSON files by path', () => {
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ nope');
    expect(() => loadStoreConfig(broken)).toThrow(`The store config ${broken} is not valid JSON`);
    expect(() => loadStoreConfig(join(dir, 'missing.json'))).toThrow(/Cannot read the store config/);
  });

  it('validates the shipped store.config.json', () => {
    const { store } = loadStoreConfig(resolve(PROJECT_ROOT, 'store.config.json'));
    expect(store.categories.length).toBeGreaterThan(0);
  });
});

describe('GET /storeInfo', () => {
  const t = setupTestApp();

  it('serves the loaded store config', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/storeInfo` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(TEST_STORE);
    expect(response.json()).not.toHaveProperty('upi');
  });
});
