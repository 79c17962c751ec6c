import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllowEntry, parseAllowList } from '../services/outbound/address-policy.js';
import { DEFAULT_PASSWORD_HASHING, type PasswordHashingLimits } from '../auth/password-hasher.js';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface PluginEntry {
  id: string;
  settings: Record<string, unknown>;
  /** The plugin's folder when it is not plugins/<id> (the config's `path`, from the repository root). */
  dir?: string;
}

export const CAPTCHA_PROVIDERS = {
  hcaptcha: { verifyUrl: 'https://api.hcaptcha.com/siteverify', script: 'https://js.hcaptcha.com/1/api.js', widgetClass: 'h-captcha', field: 'h-captcha-response' },
  recaptcha: { verifyUrl: 'https://www.google.com/recaptcha/api/siteverify', script: 'https://www.google.com/recaptcha/api.js', widgetClass: 'g-recaptcha', field: 'g-recaptcha-response' },
  turnstile: { verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify', script: 'https://challenges.cloudflare.com/turnstile/v0/api.js', widgetClass: 'cf-turnstile', field: 'cf-turnstile-response' },
} as const;
export type CaptchaProvider = keyof typeof CAPTCHA_PROVIDERS;

export interface CaptchaConfig {
  provider: CaptchaProvider;
  siteKey: string;
  secret: string;
  verifyUrl: string;
}

/** The signup captcha an operator configured, or none; a half-configured one stops the boot with what is missing. */
export function readCaptcha(env: NodeJS.ProcessEnv): CaptchaConfig | undefined {
  const provider = env.CAPTCHA_PROVIDER?.trim();
  if (!provider) return undefined;
  if (!(provider in CAPTCHA_PROVIDERS)) throw new Error(`CAPTCHA_PROVIDER must be one of ${Object.keys(CAPTCHA_PROVIDERS).join(', ')}, got "${provider}"`);
  const siteKey = env.CAPTCHA_SITE_KEY?.trim();
  const secret = env.CAPTCHA_SECRET?.trim();
  if (!siteKey || !secret) throw new Error('CAPTCHA_PROVIDER is set: set CAPTCHA_SITE_KEY and CAPTCHA_SECRET too (from the provider\'s dashboard), or unset CAPTCHA_PROVIDER');
  const known = CAPTCHA_PROVIDERS[provider as CaptchaProvider];
  return { provider: provider as CaptchaProvider, siteKey, secret, verifyUrl: env.CAPTCHA_VERIFY_URL?.trim() || known.verifyUrl };
}

export interface AppConfig {
  port: number;
  host: string;
  /** A second port serving only `/metrics`, without a token (METRICS_PORT); unset, `/metrics` takes an admin's token. */
  metricsPort?: number;
  dataDir: string;
  /**
   * A dump of an empty embedded database (CASSETTE_PGLITE_TEMPLATE) that a new data directory's
   * database starts from, skipping the seconds of initdb: for machines that start many
   * short-lived instances (test runs). Ignored once the directory holds a database.
   */
  pgliteTemplate?: string;
  /** PostgreSQL when set, else embedded PGlite under dataDir. */
  databaseUrl?: string;
  /** BullMQ + Redis pub/sub when set, else in-process. */
  redisUrl?: string;
  /** Prefix of every Redis key, so several installs (or test runs) can share one Redis. */
  redisPrefix: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  prettyLogs: boolean;
  /** -1 means unlimited. */
  limits: { sites: number; teamMembers: number };
  /**
   * What this install is (CASSETTE_EDITION): `self-hosted` by default; `cloud` only for a hosted
   * service, whose signup page then carries the hosted offer's pricing copy.
   */
  edition: 'self-hosted' | 'cloud';
  /** The licence the install runs under (CASSETTE_LICENSE), shown in the account. */
  license: string;
  /** A notice every logged-in user sees across the top (CASSETTE_BANNER), e.g. planned maintenance. */
  banner?: string;
  /**
   * A captcha on signup, only when an operator sets CAPTCHA_PROVIDER (hcaptcha, recaptcha or
   * turnstile) with CAPTCHA_SITE_KEY and CAPTCHA_SECRET; CAPTCHA_VERIFY_URL overrides the
   * provider's verification address (a proxy, or a stand-in in tests).
   */
  captcha?: CaptchaConfig;
  /**
   * The crash-testing widget (spec part 1 §2) is shown only with CASSETTE_CRASH_TESTING=1; with
   * CASSETTE_SELF_RECORD_KEY (a project key of this install) the app records itself with its own
   * tracker, so the errors the widget raises arrive as sessions of that project.
   */
  debug: { crashTesting: boolean; selfRecordKey: string | null };
  /**
   * Whether to believe X-Forwarded-For (behind a load balancer). Off by default: a client
   * talking to the app directly could otherwise pick its own IP and dodge per-IP limits.
   */
  trustProxy: boolean | number | string;
  /** Bounds on Argon2 work (every password check and hash goes through them). */
  passwordHashing: PasswordHashingLimits;
  /** Lifetime of a login token. */
  tokenTtlSeconds: number;
  plugins: PluginEntry[];
  /**
   * Exact `host:port` pairs the outbound HTTP client may reach although they are not public
   * (intranet assets, tests): `outbound.allowHosts` in the config file plus the comma-separated
   * `CASSETTE_OUTBOUND_ALLOW_HOSTS`.
   */
  outboundAllowHosts: string[];
  /** Where `plugins` came from, for boot messages about a plugin's settings. */
  configFile?: string;
  /** Directory holding the built UI (served when present). */
  uiDir: string;
  env: NodeJS.ProcessEnv;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new Error(`${name} must be an integer, got "${raw}"`);
  return value;
}

function portFrom(env: NodeJS.ProcessEnv, name: string): number | undefined {
  if (env[name] === undefined || env[name] === '') return undefined;
  const port = intFrom(env, name, 0);
  if (port < 0 || port > 65_535) throw new Error(`${name} must be a port number (0-65535), got "${env[name]}"`);
  return port;
}

/** `true`/`false`, a hop count, or a list of proxy addresses (Fastify's trustProxy forms). */
export function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

interface ConfigFile {
  plugins?: Record<string, { enabled?: boolean; settings?: Record<string, unknown>; path?: unknown }>;
  outbound?: { allowHosts?: unknown };
}

function readConfigFile(file: string): ConfigFile {
  if (!existsSync(file)) throw new Error(`Config file ${file} not found`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ConfigFile;
  } catch (error) {
    throw new Error(`Config file ${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/** `outbound.allowHosts` of the config file and `CASSETTE_OUTBOUND_ALLOW_HOSTS`; each entry must be `host:port`. */
export function readOutboundAllowHosts(file: string, env: NodeJS.ProcessEnv): string[] {
  const listed = readConfigFile(file).outbound?.allowHosts ?? [];
  if (!Array.isArray(listed) || listed.some((entry) => typeof entry !== 'string')) {
    throw new Error(`Config file ${file}: outbound.allowHosts must be a list of "host:port" strings`);
  }
  const entries = [...(listed as string[]), ...parseAllowList(env.CASSETTE_OUTBOUND_ALLOW_HOSTS)];
  // Checked at boot, so a typo stops the start instead of silently allowing nothing.
  for (const entry of entries) parseAllowEntry(entry);
  return entries;
}

export function readPluginConfig(file: string): PluginEntry[] {
  const parsed = readConfigFile(file);
  return Object.entries(parsed.plugins ?? {})
    .filter(([, entry]) => entry.enabled !== false)
    .map(([id, entry]) => {
      if (entry.path === undefined) return { id, settings: entry.settings ?? {} };
      if (typeof entry.path !== 'string' || entry.path.trim() === '') throw new Error(`Config file ${file}: plugins.${id}.path must be a folder, relative to the repository`);
      return { id, settings: entry.settings ?? {}, dir: resolve(REPO_ROOT, entry.path) };
    });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = intFrom(env, 'PORT', 8080);
  const dataDir = resolve(env.DATA_DIR ?? join(REPO_ROOT, 'data'));
  const configFile = env.CASSETTE_CONFIG ? (isAbsolute(env.CASSETTE_CONFIG) ? env.CASSETTE_CONFIG : resolve(env.CASSETTE_CONFIG)) : join(REPO_ROOT, 'config', 'cassette.json');
  let plugins = readPluginConfig(configFile);
  // CASSETTE_PLUGINS="a,b" overrides the file (handy for one-off runs and tests).
  if (env.CASSETTE_PLUGINS !== undefined) {
    const ids = env.CASSETTE_PLUGINS.split(',').map((s) => s.trim()).filter(Boolean);
    plugins = ids.map((id) => plugins.find((p) => p.id === id) ?? { id, settings: {} });
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    metricsPort: portFrom(env, 'METRICS_PORT'),
    dataDir,
    pgliteTemplate: env.CASSETTE_PGLITE_TEMPLATE || undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'cassette',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Cassette <no-reply@localhost>',
    logLevel: env.LOG_LEVEL ?? 'info',
    prettyLogs: env.LOG_FORMAT ? env.LOG_FORMAT === 'pretty' : !env.DATABASE_URL,
    limits: { sites: intFrom(env, 'LIMIT_SITES', -1), teamMembers: intFrom(env, 'LIMIT_TEAM_MEMBERS', -1) },
    edition: env.CASSETTE_EDITION === 'cloud' ? 'cloud' : 'self-hosted',
    license: env.CASSETTE_LICENSE?.trim() || 'Open source',
    banner: env.CASSETTE_BANNER?.trim() || undefined,
    captcha: readCaptcha(env),
    debug: { crashTesting: env.CASSETTE_CRASH_TESTING === '1' || env.CASSETTE_CRASH_TESTING === 'true', selfRecordKey: env.CASSETTE_SELF_RECORD_KEY?.trim() || null },
    tokenTtlSeconds: intFrom(env, 'TOKEN_TTL_SECONDS', 7 * 24 * 3600),
    passwordHashing: {
      concurrency: Math.max(1, intFrom(env, 'PASSWORD_HASH_CONCURRENCY', DEFAULT_PASSWORD_HASHING.concurrency)),
      queue: Math.max(0, intFrom(env, 'PASSWORD_HASH_QUEUE', DEFAULT_PASSWORD_HASHING.queue)),
      perAddressPerMinute: Math.max(1, intFrom(env, 'PASSWORD_CHECKS_PER_ADDRESS_PER_MINUTE', DEFAULT_PASSWORD_HASHING.perAddressPerMinute)),
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    plugins,
    outboundAllowHosts: readOutboundAllowHosts(configFile, env),
    configFile,
    uiDir: env.UI_DIR ?? join(REPO_ROOT, 'host-ui', 'dist'),
    env,
  };
}
