import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestKernel, type TestKernel, type TestUser } from '@cassette/core/testing';
import { notificationsService } from '@cassette/plugin-notifications/api';
import { loadAllPlugins } from '../authz/load-all-plugins.js';

/**
 * Bad input on every route of `kernel.routes` (a route added later is covered without
 * touching this file). Contract (docs/api.md): bad input answers a 4xx JSON
 * `{ errors: [readable, ...] }`, never a 5xx, and a refused request changes nothing.
 *
 * Two tenants:
 *  - A, the "snapshot" tenant, only ever receives input that MUST be refused (one part of
 *    the request is made invalid in a way schema coercion cannot repair). Its state, read
 *    through the API, is snapshotted before and compared after everything sent to A.
 *  - B, the "playground" tenant, receives fully arbitrary input, which may be valid and may
 *    change B (rename it, delete its projects, demote or log out the fuzzing admin, ...).
 *    Only "never 5xx, always the JSON contract" is asserted there; the fuzzing admin is
 *    replaced whenever it lost its token or its admin flag.
 *
 * Routes for logged-in users are called with a user's token, build-pipeline routes
 * (`auth: 'apiKey'`) with the tenant's organization API key, so input reaches validation.
 *
 * Deterministic: every property runs with a seed derived from BAD_INPUT_SEED (default below)
 * and the route's key; a failure prints the seed, the fast-check path and the request.
 *
 * KNOWN_BUGS keeps inputs that trigger an already reported server bug out of the generic
 * properties (otherwise every property would shrink to the same bug and hide new ones); such a
 * bug gets its own, failing, test in "server bugs found by this suite" at the bottom. When the
 * bug is fixed, set its flag back to false so the generic properties cover it too. The four
 * bugs below were found by this file and fixed in d529377 (core/src/http/input-guard.ts,
 * frameworkErrors in create-http-server.ts): their flags are false and their tests are now
 * regression tests.
 */
const KNOWN_BUGS = {
  /** Bodies nested ~2 000+ levels deep: stripEmptyValues (core/src/http/strip-empty.ts) recurses → RangeError → 500. */
  deepNesting: false,
  /** U+0000 in a string that reaches PostgreSQL: "invalid byte sequence"/"\u0000 cannot be converted to text" → 500. */
  nulByte: false,
  /**
   * "Infinity", "-Infinity", "1e400" as an integer (path parameter, body field): ajv's coercion turns the string into
   * ±Infinity and skips minimum/maximum for non-finite numbers, so it reaches handlers → 500 or a corrupted value.
   */
  infiniteIntegers: false,
  /** Errors Fastify answers itself (malformed %-escape in the path, path parameter over 100 chars) lack `errors`. */
  frameworkErrorAnswer: false,
};

const BASE_SEED = Number(process.env.BAD_INPUT_SEED ?? 20_240_611);
/**
 * BAD_INPUT_RUNS_FACTOR=10 explores deeper (slower). With over 400 routes the default runs few
 * inputs per route, to keep the file near a minute; the depth comes from the factor.
 */
const RUNS_FACTOR = Number(process.env.BAD_INPUT_RUNS_FACTOR ?? 1);
const RUNS_REFUSED = Math.max(1, Math.round(4 * RUNS_FACTOR)); // per route, tenant A (input guaranteed invalid)
const RUNS_ARBITRARY = Math.max(1, Math.round(5 * RUNS_FACTOR)); // per route, tenant B (anything)
/** BAD_INPUT_DEBUG=1 logs every request and its status. */
const DEBUG = !!process.env.BAD_INPUT_DEBUG;
const BODY_LIMIT = 1024 * 1024;
const MAX_ID = 2_147_483_647;
/** Routes whose valid call spends the caller's token or password: they get a disposable caller. */
const SPENDS_CALLER = new Set(['POST /api/logout', 'POST /api/account/password']);

// ---------------------------------------------------------------------------------------------
// Kernel (booted at collection time: the route list drives which tests exist)
// ---------------------------------------------------------------------------------------------

const t: TestKernel = await createTestKernel({ plugins: await loadAllPlugins() });
type Mounted = TestKernel['kernel']['routes'][number];
const ROUTES: Mounted[] = [...t.kernel.routes];
const keyOf = (r: Mounted) => `${r.method} ${r.path}`;
afterAll(async () => t.close());

// ---------------------------------------------------------------------------------------------
// JSON-schema helpers (TypeBox schemas are plain JSON schema objects)
// ---------------------------------------------------------------------------------------------

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  items?: Schema;
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
}

const bodySchemaOf = (r: Mounted) => r.route.schema.body as Schema | undefined;
const querySchemaOf = (r: Mounted) => r.route.schema.querystring as Schema | undefined;
const paramNamesOf = (r: Mounted) => [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
const parsesBody = (r: Mounted) => !['GET', 'HEAD'].includes(r.method);

/** The schema a path parameter is validated with (mount-routes adds projectId for project routes). */
function paramSchema(r: Mounted, name: string): Schema {
  if (name === 'projectId' && r.access.project) return { type: 'integer', minimum: 1, maximum: MAX_ID };
  const s = (r.route.schema.params as Schema | undefined)?.properties?.[name];
  return s ?? { type: 'string' };
}

/** Every JSON type a schema accepts, or null when it accepts anything (Unknown/Any). */
function typesOf(s: Schema): Set<string> | null {
  if (s.anyOf) {
    const all = new Set<string>();
    for (const member of s.anyOf) {
      const m = typesOf(member);
      if (!m) return null;
      m.forEach((x) => all.add(x));
    }
    return all;
  }
  if (s.type === undefined) return s.const !== undefined ? new Set([typeof s.const]) : null;
  return new Set(Array.isArray(s.type) ? s.type : [s.type]);
}

function sampleString(s: Schema): string {
  const candidates = s.format === 'email' ? ['sample@example.test'] : ['Sample', 'sample', 'sample-1', 'https://example.test/sample', '/sample', 'sample@example.test'];
  const re = s.pattern ? new RegExp(s.pattern, 'u') : null;
  for (const c of candidates) {
    let v = c;
    while (v.length < (s.minLength ?? 0)) v += 'x';
    if ((!re || re.test(v)) && v.length <= (s.maxLength ?? Infinity)) return v;
  }
  return candidates[0]!;
}

/** A value the schema (most likely) accepts; optional properties included. */
function sampleOf(s: Schema): unknown {
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (s.enum) return s.enum[0];
  if (s.anyOf) return sampleOf(s.anyOf[0]!);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number':
      return Math.min(Math.max(s.minimum ?? 1, 1), s.maximum ?? Infinity);
    case 'boolean':
      return true;
    case 'array':
      return s.minItems ? [sampleOf(s.items ?? {})] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sampleOf(v);
      const pattern = Object.values(s.patternProperties ?? {})[0];
      if (pattern) out.sampleKey = sampleOf(pattern.anyOf?.find((m) => m.type === 'string') ?? pattern);
      return out;
    }
    default:
      return 'sample';
  }
}

/** Could ajv (coerceTypes: 'array') turn this path segment / query value into a valid integer? */
function mayBeValidInteger(raw: string, s: Schema): boolean {
  if (raw === '') return false;
  const n = Number(raw);
  return Number.isInteger(n) && n >= (s.minimum ?? -Infinity) && n <= (s.maximum ?? Infinity);
}

// ---------------------------------------------------------------------------------------------
// Junk
// ---------------------------------------------------------------------------------------------

const HUGE = ['x'.repeat(100_000), '😀'.repeat(25_000), "1' OR '1'='1; -- ".repeat(6_000), 'Z\u0301\u0324'.repeat(33_000), '\\"'.repeat(50_000)];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'isAdmin'];
const NASTY: string[] = [
  '', ' ', '   ', '\t', '\n\r', '\u00a0\u2003', 'null', 'undefined', 'true', 'NaN', '0', '-1', '0x10', '١٢٣',
  '1 OR 1=1', "' OR '1'='1' --", "'; DROP TABLE core_users; --", '" OR ""="', "admin'--", 'SELECT pg_sleep(10)',
  '%', '%25', '%00', '%zz', '../../../etc/passwd', '..\\..\\windows', '<script>alert(1)</script>', '{{7*7}}', '${7*7}',
  '{"$gt":""}', '\u202eevil', '\ufeffbom', '\u200b', '\ud800', '\udfff', 'ʇxǝʇ', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '👩‍👩‍👧‍👦', 'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇', '\\', '\\u0000',
  'a'.repeat(61), 'a'.repeat(101), 'a'.repeat(255), 'a'.repeat(257), 'x@y', 'a@example.test', 'http://example.test',
  'javascript:alert(1)', '//evil.test', ...PROTO_KEYS,
];
if (!KNOWN_BUGS.nulByte) NASTY.push('\u0000', 'a\u0000b');
if (!KNOWN_BUGS.infiniteIntegers) NASTY.push('Infinity', '-Infinity', '1e309');

const PARAM_JUNK: string[] = [
  '-1', '0', '-0', '00', '1.5', '1.0', '1e3', '-2147483648', '2147483648', '4294967296', '9007199254740993',
  '99999999999999999999', 'NaN', 'null', 'undefined', 'true', '[]', '{}', '[1]', '1,2', ' 1', '+1',
  '0x1', '0b1', '１', '٣', '1 OR 1=1', "1' OR '1'='1", '1; DROP TABLE core_projects; --', '1/*x*/', '../', '..', '.',
  '../../client', '..%2F..%2Fclient', '%2e%2e%2f', '%00', '%20', '~', '*', '$', "'", '"', '<x>', '💥', 'ä', 'a'.repeat(100),
];
if (!KNOWN_BUGS.frameworkErrorAnswer) PARAM_JUNK.push('%', '%zz', '%E0%A4%A', '%uFFFF', 'a'.repeat(3000));
if (!KNOWN_BUGS.infiniteIntegers) PARAM_JUNK.push('Infinity', '-Infinity', '1e400', '+Infinity');
/** Strings Number() reads as ±Infinity (kept out while KNOWN_BUGS.infiniteIntegers). */
const isInfiniteNumber = (s: string) => KNOWN_BUGS.infiniteIntegers && s.trim() !== '' && !Number.isFinite(Number(s)) && !Number.isNaN(Number(s));
/** Path parameters longer than Fastify's maxParamLength get a 414 (find-my-way's default is 100). */
const MAX_PARAM_LENGTH = 100;
/** encodeURIComponent, with lone surrogates (which it cannot encode) replaced. */
const encodeSegment = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** Replaces U+0000 while that bug is known (see KNOWN_BUGS.nulByte). */
function sanitize(value: unknown): unknown {
  if (!KNOWN_BUGS.nulByte) return value;
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (Array.isArray(value)) return value.map(sanitize);
  if (value && typeof value === 'object') {
    const out = Object.create(null) as Record<string, unknown>;
    for (const [k, v] of Object.entries(value)) out[k.replaceAll('\u0000', '')] = sanitize(v);
    return out;
  }
  return value;
}

/** An object that can hold `__proto__` as an own key (JSON.stringify then writes it). */
function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const o = Object.create(null) as Record<string, unknown>;
  for (const [k, v] of entries) o[k] = v;
  return o;
}

const deepText = (depth: number, kind: 'array' | 'object', leaf = '1') =>
  kind === 'array' ? `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
const SAFE_DEPTHS = [2, 50, 200, 500];
const DEPTHS = KNOWN_BUGS.deepNesting ? SAFE_DEPTHS : [...SAFE_DEPTHS, 10_000, 50_000];

const junkString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE) },
);
const junkNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, MAX_ID, 2 ** 53, 2 ** 53 + 2, 1e20, 1e308, -1e308, Number.MIN_VALUE),
);
const junkScalar = fc.oneof(junkString, junkNumber, fc.boolean(), fc.constant(null));
// Prototype keys are rare per key: Fastify refuses `__proto__` outright, which would hide everything else in the body.
const junkKey = (names: string[]) =>
  fc.oneof(...(names.length ? [{ weight: 6, arbitrary: fc.constantFrom(...names) }] : []), { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) }, { weight: 2, arbitrary: fc.string({ maxLength: 12 }) });
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: junkScalar },
  { weight: 1, arbitrary: fc.array(junkScalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.array(fc.tuple(junkKey([]), junkScalar), { maxLength: 4 }).map(objectOf) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3, maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom(...SAFE_DEPTHS).map((d) => JSON.parse(deepText(d, 'array')) as unknown) },
);
/** Objects with the route's real property names (and other keys), junk values. */
const junkObject = (names: string[]) => fc.array(fc.tuple(junkKey(names), junkValue), { maxLength: 6 }).map(objectOf);

/** JSON texts that JSON.stringify cannot produce. */
const rawLiteral = fc.constantFrom('99999999999999999999', '1e999', '-1e999', '1.0', '0.1e1', '-0', '"\\ud800"', '"\\udfff\\ud800"', '[[[[[]]]]]', '{}', '""', 'true');
function rawBody(names: string[]): fc.Arbitrary<string> {
  const prop = names.length ? fc.constantFrom(...names) : fc.constant('a');
  return fc.oneof(
    fc.tuple(prop, rawLiteral).map(([p, lit]) => `{"${p}": ${lit}}`),
    fc.tuple(prop, junkScalar, junkScalar).map(([p, a, b]) => `{"${p}": ${JSON.stringify(sanitize(a))}, "${p}": ${JSON.stringify(sanitize(b))}}`), // duplicate keys
    fc.tuple(prop, fc.constantFrom(...DEPTHS), fc.constantFrom('array' as const, 'object' as const)).map(([p, d, kind]) => `{"${p}": ${deepText(d, kind)}}`),
    fc.tuple(fc.constantFrom(...DEPTHS), fc.constantFrom('array' as const, 'object' as const)).map(([d, kind]) => deepText(d, kind)),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(sanitize(v))),
  );
}

/** Bodies JSON.parse accepts but Fastify's secure-json-parse must refuse (400). */
function pollutingBody(names: string[], sample: Record<string, unknown>): fc.Arbitrary<string> {
  const valid = JSON.stringify(sample).slice(1, -1);
  const sep = valid ? ', ' : '';
  const prop = names.length ? fc.constantFrom(...names) : fc.constant('a');
  return fc.oneof(
    fc.constant(`{${valid}${sep}"__proto__": {"polluted": "yes", "admin": true}}`),
    fc.constant(`{"__proto__": {"polluted": "yes"}${sep}${valid}}`),
    fc.constant(`{${valid}${sep}"constructor": {"prototype": {"polluted": "yes"}}}`),
    prop.map((p) => `{"${p}": {"__proto__": {"polluted": "yes"}}}`),
    prop.map((p) => `{"${p}": [{"constructor": {"prototype": {"polluted": "yes"}}}]}`),
    fc.constant(`[{"__proto__": {"polluted": "yes"}}]`),
  );
}

// ---------------------------------------------------------------------------------------------
// Requests, answers, the contract
// ---------------------------------------------------------------------------------------------

interface Input {
  /** Path segments, already as they go into the URL. */
  params: Record<string, string>;
  /** '' or '?...'. */
  query: string;
  /** JSON text, or undefined for no body. */
  body: string | undefined;
  /** What makes the input invalid (tenant A). */
  spoiled?: string;
}
interface Answer {
  status: number;
  body: any;
  contentType: string;
  raw: string;
}

let ipCounter = 0;
async function send(method: string, url: string, options: { token?: string; payload?: string; contentType?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  ipCounter += 1;
  // A distinct client IP per request: failed logins must not trip the per-IP login limit the helpers log in through.
  const headers: Record<string, string> = { 'x-forwarded-for': `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`, ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.contentType) headers['content-type'] = options.contentType;
  const res = await t.kernel.app.inject({ method: method as 'GET', url, headers, ...(options.payload !== undefined ? { payload: options.payload } : {}) });
  if (res.statusCode < 300 && `${method} ${url.split('?')[0]}` === REPLACES_API_KEY) apiKeysStale = true;
  if (DEBUG) console.log(`${res.statusCode} ${method} ${short(url, 120)} ${short(options.payload, 120)} → ${short(res.body, 160)}`);
  let body: unknown = undefined;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, body, contentType: String(res.headers['content-type'] ?? ''), raw: res.body };
}

function urlOf(r: Mounted, input: Input): string {
  return r.path.replace(/:(\w+)/g, (_, name: string) => input.params[name] ?? '1') + input.query;
}

async function sendInput(r: Mounted, input: Input, token: string | undefined): Promise<Answer> {
  return send(r.method, urlOf(r, input), { token, payload: input.body, contentType: input.body === undefined ? undefined : 'application/json' });
}

const LEAK = /node_modules|\/work\/|\bat .+:\d+:\d+\)|syntax error at or near|duplicate key value|violates .* constraint|Maximum call stack/i;

/** What is wrong with an answer according to docs/api.md (empty when it is fine). */
function contractProblems(res: Answer): string[] {
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`server error ${res.status}`);
  if (!/^application\/json\b/.test(res.contentType)) problems.push(`content-type is "${res.contentType}", not JSON`);
  if (!res.body || typeof res.body !== 'object' || Array.isArray(res.body)) {
    problems.push('the body is not a JSON object');
    return problems;
  }
  if (res.status >= 400) {
    const errors = res.body.errors;
    if (!Array.isArray(errors) || errors.length === 0) problems.push('a 4xx/5xx answer without a non-empty `errors` array');
    else if (!errors.every((e: unknown) => typeof e === 'string' && e.trim().length > 0)) problems.push('`errors` holds something other than non-empty strings');
    else if (errors.some((e: string) => LEAK.test(e))) problems.push('an error message leaks internals');
  } else if (res.status >= 200 && res.status < 300 && !('data' in res.body)) {
    problems.push('a 2xx answer without `data`');
  }
  return problems;
}

const PROTOTYPE_SHAPE = () =>
  [Object.prototype, Array.prototype, Function.prototype, String.prototype].map((p) => Object.getOwnPropertyNames(p).sort().join(',')).join('|');
const PROTOTYPE_BEFORE = PROTOTYPE_SHAPE();
function prototypeProblems(): string[] {
  const probe = {} as Record<string, unknown>;
  const problems: string[] = [];
  if (probe.polluted !== undefined || probe.admin !== undefined || probe.isAdmin !== undefined) problems.push('Object.prototype was polluted');
  if (PROTOTYPE_SHAPE() !== PROTOTYPE_BEFORE) problems.push('a built-in prototype gained or lost properties');
  return problems;
}

const short = (s: string | undefined, n = 300) => (s === undefined ? '(none)' : s.length > n ? `${JSON.stringify(s.slice(0, n))}…(${s.length} chars)` : JSON.stringify(s));
const describeInput = (r: Mounted, input: Input) =>
  `${r.method} ${short(urlOf(r, input), 400)}\n  body: ${short(input.body)}${input.spoiled ? `\n  invalid because: ${input.spoiled}` : ''}`;
const describeAnswer = (res: Answer) => `answer: ${res.status} ${res.contentType} ${short(res.raw, 400)}`;

function seedFor(label: string): number {
  let h = 0x811c9dc5;
  for (const c of label) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
  return (h ^ BASE_SEED) | 0;
}

/** fc.check with a fixed seed and a readable failure (seed, path, request, answer). */
async function checkProperty(label: string, r: Mounted, arb: fc.Arbitrary<Input>, numRuns: number, run: (input: Input) => Promise<void>) {
  const seed = seedFor(label);
  const details = await fc.check(fc.asyncProperty(arb, run), { numRuns, seed, interruptAfterTimeLimit: 45_000 * RUNS_FACTOR, markInterruptAsFailure: true });
  if (!details.failed) return;
  const example = details.counterexample?.[0];
  expect.fail(
    [
      `${label}: failed after ${details.numRuns} run(s), ${details.numShrinks} shrink(s)`,
      `reproduce with BAD_INPUT_SEED=${BASE_SEED} (fast-check seed ${details.seed}, path "${details.counterexamplePath ?? ''}")`,
      example ? describeInput(r, example) : '(interrupted before a counterexample)',
      `problem: ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`,
    ].join('\n'),
  );
}

// ---------------------------------------------------------------------------------------------
// Tenants
// ---------------------------------------------------------------------------------------------

interface World {
  tenantId: number;
  owner: TestUser;
  /** The organization API key build-pipeline routes take. */
  apiKey: string;
  projectIds: number[];
  memberIds: number[];
  roleIds: number[];
  customRoleIds: number[];
  notificationIds: number[];
}

/** Real ids a path parameter may take in a tenant (so valid-looking input reaches the handler). */
function realIds(w: World, r: Mounted, name: string): number[] {
  if (name === 'projectId') return w.projectIds;
  if (name === 'roleId') return [...w.customRoleIds, ...w.roleIds];
  if (name === 'index') return [1, 2, 3, 10];
  if (r.path.includes('/members/')) return w.memberIds;
  if (r.path.includes('/projects/')) return w.projectIds;
  if (r.path.includes('/notifications/')) return w.notificationIds.length ? w.notificationIds : [1];
  return [1, 2, 3];
}

/** A sample body whose id fields point at real rows of the tenant (so handlers get past their lookups). */
function withRealIds(sample: Record<string, unknown>, w: World): Record<string, unknown> {
  const out = { ...sample };
  if ('roleId' in out) out.roleId = w.customRoleIds[0] ?? w.roleIds[0];
  if (Array.isArray(out.projects)) out.projects = w.projectIds.slice(0, 1);
  if (Array.isArray(out.ids)) out.ids = w.notificationIds.slice(0, 1);
  if (out.allProjects === true && 'projects' in out) out.allProjects = false;
  return out;
}

let A: World & { fuzzer: TestUser; spare: TestUser; invitationToken: string };
let B: World & { fuzzer: TestUser; spare: TestUser };
let seq = 0;
const unique = () => `${++seq}-${Date.now()}`;

async function ok(method: string, url: string, token: string | undefined, body?: unknown): Promise<any> {
  const res = await t.request(method, url, { token, body });
  if (res.status !== 200) throw new Error(`setup ${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function populate(tenantId: number, owner: TestUser, fuzzer: TestUser) {
  const second = await ok('POST', '/api/projects', owner.token, { name: `Second project ${unique()}`, host: 'second.example.test' });
  await ok('POST', `/api/${second.id}/metadata`, owner.token, { key: 'plan', label: 'Plan' });
  await ok('POST', `/api/${second.id}/metadata`, owner.token, { key: 'tier' });
  await ok('POST', `/api/${second.id}/gdpr`, owner.token, { maskNumbers: true, sampleRate: 50, defaultInputMode: 'obscured' });
  const role = await ok('PUT', '/api/client/roles', owner.token, { name: `Support ${seq}`, description: 'Reads errors', permissions: ['ERRORS'], allProjects: false, projects: [second.id] });
  const invited = await ok('PUT', '/api/client/members', owner.token, { email: `invited-${unique()}@example.test`, name: 'Invited Person', roleId: role.roleId });
  await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
  await t.kernel.resolve(notificationsService).notify({ tenantId, userIds: [fuzzer.id], title: 'For the fuzzer' });
  await t.kernel.resolve(notificationsService).notify({ tenantId, userIds: [fuzzer.id], title: 'Another one', level: 'warning' });
  await ok('POST', '/api/announcements', owner.token, { title: 'Hello team', description: 'An announcement to keep.' });
  await ok('POST', '/api/account/appearance', fuzzer.token, { appearance: { role: 'po', tests: true } });
  return { invitationToken: decodeURIComponent(/token=([^&\s]+)/.exec(invited.invitationLink)![1]!) };
}

async function readIds(w: Pick<World, 'owner'>, fuzzerToken: string): Promise<Omit<World, 'tenantId' | 'owner'>> {
  const projects = await ok('GET', '/api/projects', w.owner.token);
  const members = await ok('GET', '/api/client/members', w.owner.token);
  const roles = await ok('GET', '/api/client/roles', w.owner.token);
  const notifications = await ok('GET', '/api/notifications', fuzzerToken);
  const client = await ok('GET', '/api/client', w.owner.token);
  return {
    apiKey: client.apiKey,
    projectIds: projects.map((p: any) => p.id),
    memberIds: members.map((m: any) => m.id),
    roleIds: roles.map((r: any) => r.roleId),
    customRoleIds: roles.filter((r: any) => !r.protected).map((r: any) => r.roleId),
    notificationIds: notifications.map((n: any) => n.notificationId),
  };
}

/** Tenant A's state as its users see it through the API. */
async function snapshotA() {
  const get = async (url: string, token: string | undefined) => {
    const res = await t.request('GET', url, { token });
    return { status: res.status, body: res.body };
  };
  const snap: Record<string, unknown> = {
    projects: await get('/api/projects', A.owner.token),
    members: await get('/api/client/members', A.owner.token),
    roles: await get('/api/client/roles', A.owner.token),
    client: await get('/api/client', A.owner.token),
    boarding: await get('/api/boarding', A.owner.token),
    ownerAccount: await get('/api/account', A.owner.token),
    fuzzerAccount: await get('/api/account', A.fuzzer.token),
    spareAccount: await get('/api/account', A.spare.token),
    fuzzerNotifications: await get('/api/notifications', A.fuzzer.token),
    fuzzerNotificationCount: await get('/api/notifications/count', A.fuzzer.token),
    announcements: await get('/api/announcements', A.fuzzer.token),
    pendingInvitation: await get(`/api/password/token?token=${encodeURIComponent(A.invitationToken)}`, undefined),
  };
  for (const id of A.projectIds) {
    snap[`project ${id}`] = await get(`/api/projects/${id}`, A.owner.token);
    snap[`project ${id} gdpr`] = await get(`/api/${id}/gdpr`, A.owner.token);
    snap[`project ${id} metadata`] = await get(`/api/${id}/metadata`, A.owner.token);
  }
  // Passwords unchanged (refused /account/password and /password/reset calls).
  for (const user of [A.owner, A.fuzzer, A.spare]) {
    snap[`login ${user.email}`] = (await send('POST', '/api/login', { payload: JSON.stringify({ email: user.email, password: user.password }), contentType: 'application/json' })).status;
  }
  return snap;
}

async function healthy(user: TestUser): Promise<boolean> {
  const res = await t.request('GET', '/api/account', { token: user.token });
  return res.status === 200 && res.body?.data?.admin === true;
}
/** The same admin with a live token (a valid random call may have logged it out), or a new admin. */
async function renewed(user: TestUser, tenantId: number): Promise<TestUser> {
  if (await healthy(user)) return user;
  const res = await send('POST', '/api/login', { payload: JSON.stringify({ email: user.email, password: user.password }), contentType: 'application/json' });
  if (res.status === 200 && res.body?.data?.account?.admin === true) return { ...user, token: res.body.jwt };
  return t.createMember(tenantId, { admin: true });
}
/** Set by a call that replaced an organization API key; bearerFor then re-reads the keys. */
let apiKeysStale = false;
const REPLACES_API_KEY = 'POST /api/client/api-key';

/** The bearer a route takes: the tenant's API key on build-pipeline routes, the user's token on user and admin routes. */
async function bearerFor(r: Mounted, w: World, user: TestUser | undefined): Promise<string | undefined> {
  if (r.access.auth === 'public') return undefined;
  if (r.access.auth !== 'apiKey') return user?.token;
  if (apiKeysStale) {
    for (const tenant of [A, B]) tenant.apiKey = (await ok('GET', '/api/client', tenant.owner.token)).apiKey;
    apiKeysStale = false;
  }
  return w.apiKey;
}
/** Only user and admin routes are called as a user (and may spend or demote one). */
const takesLogin = (r: Mounted) => r.access.auth === 'user' || r.access.auth === 'admin';

/** Set after anything that may have changed tenant B; refreshB then re-reads its ids. */
let bDirty = true;
/** Tenant B's fuzzing admins replaced if a (valid) random call logged them out or demoted them; ids re-read. */
async function refreshB() {
  B.fuzzer = await renewed(B.fuzzer, B.tenantId);
  B.spare = await renewed(B.spare, B.tenantId);
  if (!bDirty) return;
  let ids = await readIds(B, B.fuzzer.token);
  if (ids.projectIds.length < 2 || ids.customRoleIds.length < 1 || ids.memberIds.length < 5) {
    await populate(B.tenantId, B.owner, B.fuzzer);
    ids = await readIds(B, B.fuzzer.token);
  }
  Object.assign(B, ids);
  bDirty = false;
}

let snapshotBefore: Record<string, unknown>;

beforeAll(async () => {
  const a = await t.createTenant('Snapshot tenant A');
  const aFuzzer = await t.createMember(a.tenantId, { admin: true });
  const aSpare = await t.createMember(a.tenantId, { admin: true });
  const { invitationToken } = await populate(a.tenantId, a.owner, aFuzzer);
  A = { tenantId: a.tenantId, owner: a.owner, fuzzer: aFuzzer, spare: aSpare, invitationToken, ...(await readIds({ owner: a.owner }, aFuzzer.token)) };

  const b = await t.createTenant('Playground tenant B');
  const bFuzzer = await t.createMember(b.tenantId, { admin: true });
  const bSpare = await t.createMember(b.tenantId, { admin: true });
  await populate(b.tenantId, b.owner, bFuzzer);
  B = { tenantId: b.tenantId, owner: b.owner, fuzzer: bFuzzer, spare: bSpare, ...(await readIds({ owner: b.owner }, bFuzzer.token)) };

  snapshotBefore = await snapshotA();
}, 60_000);

// ---------------------------------------------------------------------------------------------
// Input arbitraries
// ---------------------------------------------------------------------------------------------

/** '.' and '..' segments are resolved by URL parsing (even as %2E): they would address another route. */
const isDotSegment = (s: string) => s === '.' || s === '..';
const isMalformedPercent = (s: string) => {
  try {
    decodeURIComponent(s);
    return false;
  } catch {
    return true;
  }
};

const paramJunk = fc
  .oneof(
    { weight: 4, arbitrary: fc.constantFrom(...PARAM_JUNK) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }) },
  )
  .filter((v) => !isInfiniteNumber(v) && (!KNOWN_BUGS.frameworkErrorAnswer || encodeSegment(v).length <= MAX_PARAM_LENGTH));

/** A path segment that cannot validate for this parameter (encoded: it stays one segment). */
function invalidParam(r: Mounted, name: string): fc.Arbitrary<string> {
  const s = paramSchema(r, name);
  const types = typesOf(s);
  const numeric = !!types && [...types].every((x) => x === 'integer' || x === 'number');
  return paramJunk.filter((v) => !isDotSegment(v) && v !== '' && (!numeric || !mayBeValidInteger(v, s))).map(encodeSegment);
}

/** Tenant A: a valid-looking or junk parameter, always one encoded segment. */
function anyParamA(r: Mounted, name: string): fc.Arbitrary<string> {
  return fc.oneof(fc.constantFrom(...realIds(A, r, name)).map(String), paramJunk.filter((v) => !isDotSegment(v) && v !== '').map(encodeSegment));
}

/** Tenant B: anything, sometimes raw (`../`, `%2e%2e%2f`, `?`...), mostly real ids for projectId. */
function anyParamB(r: Mounted, name: string): fc.Arbitrary<string> {
  const raw = fc.constantFrom(...PARAM_JUNK).filter((v) => !(KNOWN_BUGS.frameworkErrorAnswer && isMalformedPercent(v)));
  return fc.oneof(
    { weight: name === 'projectId' ? 6 : 2, arbitrary: fc.constantFrom(...realIds(B, r, name)).map(String) },
    { weight: 2, arbitrary: paramJunk.map(encodeSegment) },
    { weight: 1, arbitrary: raw },
  );
}

function queryArb(r: Mounted): fc.Arbitrary<string> {
  const names = Object.keys(querySchemaOf(r)?.properties ?? {});
  const key = fc.oneof(junkKey(names), fc.constantFrom('__proto__[polluted]', 'constructor[prototype][polluted]', 'a[b]', 'a[]', '', 'page', 'token'));
  const value = fc.oneof(junkString.map((s) => s.slice(0, 10_000)), junkNumber.map(String));
  const entries = fc.array(fc.tuple(key, value), { maxLength: 4 }).map((es) => es.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&'));
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 4, arbitrary: entries.map((q) => (q ? `?${q}` : '')) },
    { weight: 1, arbitrary: fc.constantFrom('?', '?&&&', '?=', '?=&=', '?a', '?a=1&a=2&a=3', `?${'a=1&'.repeat(2000)}`, '?__proto__[polluted]=yes', '?constructor[prototype][polluted]=yes', '?%zz=%zz', '?token=%00') },
  );
}

/** Anything a client could send as a body (possibly valid). */
function anyBody(r: Mounted): fc.Arbitrary<string | undefined> {
  const schema = bodySchemaOf(r);
  const names = Object.keys(schema?.properties ?? {});
  const sample = (schema ? sampleOf(schema) : {}) as Record<string, unknown>;
  const nearlyValid = names.length
    ? fc.tuple(fc.constantFrom(...names), junkValue).map(([p, v]) => JSON.stringify(sanitize({ ...sample, [p]: v })))
    : junkObject([]).map((o) => JSON.stringify(sanitize(o)));
  return fc.oneof(
    { weight: 4, arbitrary: junkObject(names).map((o) => JSON.stringify(sanitize(o))) },
    { weight: 3, arbitrary: nearlyValid },
    { weight: 2, arbitrary: fc.anything({ maxDepth: 3, maxKeys: 5, key: junkKey(names) }).map((v) => JSON.stringify(sanitize(v))) },
    { weight: 2, arbitrary: rawBody(names) },
    { weight: 1, arbitrary: fc.array(junkObject(names), { minLength: 1, maxLength: 3 }).map((v) => JSON.stringify(sanitize(v))) },
    { weight: 1, arbitrary: pollutingBody(names, sample) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** A body the route's schema must refuse, whatever ajv coercion does; null when none can be built. */
function invalidBody(r: Mounted): fc.Arbitrary<{ body: string; why: string }> | null {
  const schema = bodySchemaOf(r);
  if (!schema) return null;
  const names = Object.keys(schema.properties ?? {});
  const sample = sampleOf(schema) as Record<string, unknown>;
  const variants: fc.Arbitrary<{ body: string; why: string }>[] = [];
  // Not an object at all (arrays are not unwrapped into objects; null is not stripped at the top).
  variants.push(
    fc.oneof(junkScalar, fc.array(junkValue, { maxLength: 3 }), fc.constant([sample])).map((v) => ({ body: JSON.stringify(v) ?? 'null', why: 'the body is not an object' })),
  );
  // A required property missing (one without a default: useDefaults would fill that in).
  const required = (schema.required ?? []).filter((p) => schema.properties?.[p]?.default === undefined);
  if (required.length) {
    variants.push(
      fc.tuple(fc.constantFrom(...required), junkObject(names)).map(([p, o]) => {
        const body = { ...sample, ...o } as Record<string, unknown>;
        delete body[p];
        return { body: JSON.stringify(objectOf(Object.entries(body))), why: `required "${p}" is missing` };
      }),
    );
  }
  // One known property with a value no coercion can turn into its type.
  const spoilable = names.flatMap((p) => {
    const types = typesOf(schema.properties![p]!);
    if (!types) return [];
    if (!types.has('object')) return [{ p, bad: fc.tuple(junkKey([]), junkValue).map(([k, v]) => objectOf([[k || 'x', v ?? 1]])) as fc.Arbitrary<unknown> }];
    if (types.size === 1) return [{ p, bad: fc.oneof(fc.string({ minLength: 1 }), fc.integer(), fc.boolean(), fc.array(junkScalar, { minLength: 2, maxLength: 3 })) as fc.Arbitrary<unknown> }];
    return [];
  });
  if (spoilable.length) {
    variants.push(
      fc.tuple(fc.constantFrom(...spoilable), junkObject(names), fc.boolean()).chain(([s, o, keepValidRest]) =>
        s.bad.map((bad) => {
          const body = objectOf(Object.entries(keepValidRest ? { ...o, ...sample } : { ...sample, ...o }));
          body[s.p] = bad;
          return { body: JSON.stringify(body), why: `"${s.p}" has a value of the wrong type` };
        }),
      ),
    );
  }
  // Prototype-pollution keys: Fastify's JSON parser must refuse these even when the rest is valid.
  variants.push(pollutingBody(names, sample).map((body) => ({ body, why: 'the body carries __proto__ / constructor.prototype' })));
  return fc.oneof(...variants);
}

/** A querystring the route's schema must refuse; null when it has no required parameter. */
function invalidQuery(r: Mounted): fc.Arbitrary<{ query: string; why: string }> | null {
  const required = querySchemaOf(r)?.required ?? [];
  if (!required.length) return null;
  return fc.tuple(fc.constantFrom(...required), queryArb(r), fc.boolean()).map(([p, q, twice]) => {
    const rest = q.replace(/^\?/, '').split('&').filter((kv) => kv && !isMalformedPercent(kv) && decodeURIComponent(kv.split('=')[0] ?? '').replace(/\[.*$/, '') !== p);
    if (twice) rest.push(`${p}=a`, `${p}=b`);
    return { query: rest.length ? `?${rest.join('&')}` : '', why: twice ? `"${p}" given twice` : `required "${p}" is missing` };
  });
}

type Spoiler = 'params' | 'body' | 'query';
function spoilersOf(r: Mounted): Spoiler[] {
  const out: Spoiler[] = [];
  if (paramNamesOf(r).some((n) => paramSchema(r, n).type === 'integer')) out.push('params');
  if (invalidBody(r)) out.push('body');
  if (invalidQuery(r)) out.push('query');
  return out;
}

/** Tenant A: input with at least one part that must be refused. */
function refusedInput(r: Mounted): fc.Arbitrary<Input> {
  const names = paramNamesOf(r);
  const spoilers = spoilersOf(r);
  return fc.constantFrom(...spoilers).chain((spoiler) => {
    const spoiledParam = spoiler === 'params' ? fc.constantFrom(...names.filter((n) => paramSchema(r, n).type === 'integer')) : fc.constant(null);
    return spoiledParam.chain((badName) => {
      const params = fc.record(Object.fromEntries(names.map((n) => [n, n === badName ? invalidParam(r, n) : anyParamA(r, n)])) as Record<string, fc.Arbitrary<string>>);
      const body: fc.Arbitrary<{ body: string | undefined; why?: string }> =
        spoiler === 'body' ? invalidBody(r)! : parsesBody(r) ? anyBody(r).map((b) => ({ body: b })) : fc.constant({ body: undefined });
      const query: fc.Arbitrary<{ query: string; why?: string }> = spoiler === 'query' ? invalidQuery(r)! : queryArb(r).map((q) => ({ query: q }));
      return fc.tuple(params, body, query).map(([p, b, q]) => ({
        params: p,
        body: b.body,
        query: q.query,
        spoiled: spoiler === 'params' ? `path parameter "${badName}" = ${JSON.stringify(decodeURIComponent(p[badName!]!))}` : (b.why ?? q.why),
      }));
    });
  });
}

/** Tenant B: anything. */
function arbitraryInput(r: Mounted): fc.Arbitrary<Input> {
  const names = paramNamesOf(r);
  return fc.record({
    params: fc.record(Object.fromEntries(names.map((n) => [n, anyParamB(r, n)])) as Record<string, fc.Arbitrary<string>>),
    query: queryArb(r),
    body: anyBody(r),
  }) as fc.Arbitrary<Input>;
}

// ---------------------------------------------------------------------------------------------
// 1. Property-based: every route
// ---------------------------------------------------------------------------------------------

describe('refused input on every route (tenant A: input that must be refused)', () => {
  const covered = ROUTES.filter((r) => spoilersOf(r).length > 0);

  it('covers every route that takes any input (the others take none and are fuzzed on tenant B)', () => {
    const uncovered = ROUTES.filter((r) => !covered.includes(r)).filter((r) => r.route.schema.body || r.route.schema.params || r.route.schema.querystring);
    expect(uncovered.map(keyOf)).toEqual([]);
  });

  for (const r of covered) {
    it(`${keyOf(r)} refuses invalid input with a 4xx JSON answer`, async () => {
      const caller = !takesLogin(r) ? undefined : SPENDS_CALLER.has(keyOf(r)) ? A.spare : A.fuzzer;
      await checkProperty(`refused ${keyOf(r)}`, r, refusedInput(r), RUNS_REFUSED, async (input) => {
        const res = await sendInput(r, input, await bearerFor(r, A, caller));
        const problems = contractProblems(res);
        if (res.status < 400 || res.status >= 500) problems.unshift(`expected a refusal (4xx), got ${res.status}`);
        problems.push(...prototypeProblems());
        if (problems.length) throw new Error(`${problems.join('; ')}\n  ${describeAnswer(res)}`);
      });
      if (caller) expect(await healthy(caller), 'the caller lost its session or admin flag to refused input').toBe(true);
    }, 90_000 * RUNS_FACTOR);
  }
});

// ---------------------------------------------------------------------------------------------
// 2. Non-JSON bodies
// ---------------------------------------------------------------------------------------------

interface BodyCase {
  name: string;
  contentType?: string;
  payload: (r: Mounted) => string;
  /** Statuses for a route with a body schema. */
  expected: number[];
  /** Whether a route that takes no body may ignore it (Fastify parses only the content types it knows). */
  ignorable: boolean;
}
const NON_JSON: BodyCase[] = [
  { name: 'text/plain', contentType: 'text/plain', payload: () => 'name=hello', expected: [400, 415], ignorable: true },
  { name: 'text/plain holding JSON', contentType: 'text/plain; charset=utf-8', payload: (r) => JSON.stringify(sampleOf(bodySchemaOf(r) ?? {})), expected: [400, 415], ignorable: true },
  { name: 'form-urlencoded', contentType: 'application/x-www-form-urlencoded', payload: () => 'name=hello&email=a%40example.test', expected: [400, 415], ignorable: false },
  { name: 'multipart', contentType: 'multipart/form-data; boundary=x', payload: () => '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nhello\r\n--x--', expected: [400, 415], ignorable: false },
  { name: 'XML', contentType: 'application/xml', payload: () => '<name>hello</name>', expected: [400, 415], ignorable: false },
  { name: 'no content-type', payload: (r) => JSON.stringify(sampleOf(bodySchemaOf(r) ?? {})), expected: [400, 415], ignorable: false },
  { name: 'malformed JSON', contentType: 'application/json', payload: () => '{"name": "x",', expected: [400], ignorable: false },
  { name: 'JSON with a trailing comma', contentType: 'application/json', payload: () => '{"name": "x",}', expected: [400], ignorable: false },
  { name: 'JSON with NaN', contentType: 'application/json', payload: () => '{"name": NaN}', expected: [400], ignorable: false },
  { name: 'single-quoted JSON', contentType: 'application/json', payload: () => "{'name': 'x'}", expected: [400], ignorable: false },
  { name: 'empty body with content-type json', contentType: 'application/json', payload: () => '', expected: [400], ignorable: false },
  { name: 'whitespace body with content-type json', contentType: 'application/json', payload: () => '   \n ', expected: [400], ignorable: false },
  {
    name: 'body over the size limit',
    contentType: 'application/json',
    payload: (r) => JSON.stringify({ ...(sampleOf(bodySchemaOf(r) ?? {}) as object), pad: 'x'.repeat((r.bodyLimit ?? BODY_LIMIT) + 1024) }),
    expected: [413],
    ignorable: false,
  },
];

/**
 * The cases a route that parses bodies gets. The content-type parsers and the body limit are the
 * kernel's, the same for every route, so each case is spread over a third of the routes (by the
 * route's place in the list) rather than sent to all of them; malformed JSON, a route's own body
 * limit and BAD_INPUT_RUNS_FACTOR > 1 still reach every route.
 */
function nonJsonCasesFor(r: Mounted): BodyCase[] {
  if (RUNS_FACTOR > 1) return NON_JSON;
  const place = ROUTES.indexOf(r);
  return NON_JSON.filter((c, i) => (i + place) % 3 === 0 || c.name === 'malformed JSON' || (c.name === 'body over the size limit' && r.bodyLimit !== undefined));
}

describe('non-JSON and malformed bodies on every route', () => {
  for (const r of ROUTES) {
    const hasBody = !!bodySchemaOf(r);
    const where = hasBody && parsesBody(r) ? 'tenant A' : 'tenant B';
    it(`${keyOf(r)} (${where})`, async () => {
      const failures: string[] = [];
      // With a body schema: tenant A with real ids, so the body is the only thing wrong and must be refused.
      // Without one: tenant B with ids that exist nowhere, so a body that is (rightly) ignored changes nothing.
      const onA = hasBody && parsesBody(r);
      if (!onA) await refreshB();
      const w: World = onA ? A : B;
      const params = Object.fromEntries(paramNamesOf(r).map((n) => [n, n === 'projectId' ? String(w.projectIds[0]) : onA ? String(realIds(w, r, n)[0]) : String(paramSchema(r, n).maximum ?? MAX_ID)]));
      const spends = SPENDS_CALLER.has(keyOf(r));
      // Fastify never reads a GET body: a few cases show it is ignored without harm.
      const cases = parsesBody(r) ? nonJsonCasesFor(r) : NON_JSON.filter((c) => ['text/plain', 'malformed JSON', 'body over the size limit'].includes(c.name));
      for (const c of cases) {
        let user: TestUser | undefined;
        if (takesLogin(r)) {
          if (onA) user = spends ? A.spare : A.fuzzer;
          else if (spends) user = B.spare = await renewed(B.spare, B.tenantId);
          else user = B.fuzzer;
        }
        const input: Input = { params, query: '', body: undefined };
        const res = await send(r.method, urlOf(r, input), { token: await bearerFor(r, w, user), payload: c.payload(r), contentType: c.contentType });
        const problems = [...contractProblems(res), ...prototypeProblems()];
        if (hasBody && parsesBody(r) && !c.expected.includes(res.status)) problems.push(`expected ${c.expected.join(' or ')}`);
        if (!hasBody && parsesBody(r) && !c.ignorable && !c.expected.includes(res.status)) problems.push(`expected ${c.expected.join(' or ')} (the body is parsed before the handler)`);
        if (problems.length) failures.push(`${c.name}: ${problems.join('; ')} — ${describeAnswer(res)}`);
      }
      if (!onA && parsesBody(r)) bDirty = true;
      expect(failures).toEqual([]);
    }, 60_000);
  }
});

// ---------------------------------------------------------------------------------------------
// 4a. Targeted refusals (tenant A, before the "nothing changed" check)
// ---------------------------------------------------------------------------------------------

describe('targeted refusals', () => {
  it('signup with missing fields lists every missing field', async () => {
    const res = await send('POST', '/api/signup', { payload: '{}', contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(contractProblems(res)).toEqual([]);
    for (const field of ['email', 'password', 'fullname', 'organizationName', 'projectHost']) {
      expect(res.body.errors.some((e: string) => e.startsWith(`${field} `)), `errors ${JSON.stringify(res.body.errors)} should name ${field}`).toBe(true);
    }
    expect(res.body.errors.some((e: string) => e.startsWith('projectName')), 'projectName is optional').toBe(false);

    const partial = await send('POST', '/api/signup', { payload: JSON.stringify({ email: 'late@example.test', fullname: 'Late Comer' }), contentType: 'application/json' });
    expect(partial.status).toBe(400);
    expect(partial.body.errors).toEqual(expect.arrayContaining(['password is required', 'organizationName is required', 'projectHost is required']));
    expect(partial.body.errors.some((e: string) => /^(email|fullname) /.test(e))).toBe(false);
  });

  it('login with { email: 123 } is a 400', async () => {
    const res = await send('POST', '/api/login', { payload: JSON.stringify({ email: 123 }), contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(contractProblems(res)).toEqual([]);
    expect(res.body.errors).toContain('password is required');
    for (const body of [{ email: { $ne: null }, password: 'x' }, { email: [], password: [] }, { email: 'a@example.test', password: { $gt: '' } }]) {
      const other = await send('POST', '/api/login', { payload: JSON.stringify(body), contentType: 'application/json' });
      expect(other.status, JSON.stringify(body)).toBe(400);
      expect(contractProblems(other)).toEqual([]);
    }
  });

  it('a project name of only spaces is a 400, on create and on rename', async () => {
    for (const name of ['   ', ' ', '\t\n', '\u00a0\u2003', '']) {
      const created = await send('POST', '/api/projects', { token: A.fuzzer.token, payload: JSON.stringify({ name, host: 'site.example.test' }), contentType: 'application/json' });
      expect(created.status, JSON.stringify(name)).toBe(400);
      expect(contractProblems(created)).toEqual([]);
      const renamed = await send('PUT', `/api/projects/${A.projectIds[0]}`, { token: A.fuzzer.token, payload: JSON.stringify({ name }), contentType: 'application/json' });
      expect(renamed.status, JSON.stringify(name)).toBe(400);
    }
  });

  it("a heatmap of what is not a page, or of a range that ends before it starts, is a 400 that says so", async () => {
    const url = `/api/${A.projectIds[0]}/heatmaps/url`;
    for (const [body, says] of [
      [{ url: 'not a page' }, /^url must be the address of a page/],
      [{ url: 'javascript:alert(1)' }, /^url must be an http or https address/],
      [{ url: '/checkout', startDate: 2000, endDate: 1000 }, /^startDate \(2000\) is after endDate \(1000\)/],
    ] as const) {
      const res = await send('POST', url, { token: A.fuzzer.token, payload: JSON.stringify(body), contentType: 'application/json' });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(contractProblems(res)).toEqual([]);
      expect(res.body.errors.some((e: string) => says.test(e)), JSON.stringify(res.body.errors)).toBe(true);
    }
  });

  it('a target without a name, or on a page that is no address, is a 400 that says so', async () => {
    const url = `/api/${A.projectIds[0]}/targets_temp`;
    for (const [body, says] of [
      [{ label: '  ', path: '#buy', location: 'https://shop.example.test/' }, /^label is required/],
      [{ label: 'Buy', path: '#buy', location: 'mailto:a@b.test' }, /^location must be an http or https address/],
      [{ remove: true }, /^targetId is required to remove a target/],
    ] as const) {
      const res = await send('POST', url, { token: A.fuzzer.token, payload: JSON.stringify(body), contentType: 'application/json' });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(contractProblems(res)).toEqual([]);
      expect(res.body.errors.some((e: string) => says.test(e)), JSON.stringify(res.body.errors)).toBe(true);
    }
  });

  it('a JSON body with __proto__ / constructor.prototype keys is refused and pollutes nothing', async () => {
    const bodies: [string, string][] = [
      ['/api/account', '{"name": "Polluter", "__proto__": {"polluted": "yes", "admin": true}}'],
      ['/api/account', '{"name": "Polluter", "constructor": {"prototype": {"polluted": "yes"}}}'],
      ['/api/account/appearance', '{"appearance": {"__proto__": {"polluted": "yes"}}}'],
      ['/api/account/appearance', '{"appearance": {"theme": "light", "constructor": {"prototype": {"isAdmin": true}}}}'],
      [`/api/${A.projectIds[0]}/gdpr`, '{"__proto__": {"maskEmails": false, "polluted": "yes"}}'],
    ];
    for (const [url, payload] of bodies) {
      const res = await send('POST', url, { token: A.fuzzer.token, payload, contentType: 'application/json' });
      expect(res.status, `${url} ${payload}`).toBe(400);
      expect(contractProblems(res)).toEqual([]);
    }
    const viaQuery = await send('GET', '/api/password/token?__proto__[polluted]=yes&constructor[prototype][polluted]=yes&token=x');
    expect(viaQuery.status).toBe(404);
    expect(prototypeProblems()).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const account = await t.request('GET', '/api/account', { token: A.fuzzer.token });
    expect(account.body.data.name).not.toBe('Polluter');
    expect(account.body.data.appearance).toMatchObject({ role: 'CUSTOM', sessionsLive: false, sessionsDevtools: false, tests: true, runs: false });
    expect(account.body.data.appearance).not.toHaveProperty('polluted');
    expect(account.body.data.appearance).not.toHaveProperty('theme');
  });
});

// ---------------------------------------------------------------------------------------------
// 3. Nothing changed on tenant A
// ---------------------------------------------------------------------------------------------

describe('refused input loses nothing', () => {
  it("tenant A's projects, members, roles, account, client, gdpr, metadata, notifications and invitation are unchanged", async () => {
    // Sanity: the snapshot holds real data, not errors.
    for (const [name, value] of Object.entries(snapshotBefore)) {
      const status = typeof value === 'number' ? value : (value as { status: number }).status;
      expect(status, `snapshot of ${name}`).toBe(200);
    }
    expect(await snapshotA()).toEqual(snapshotBefore);
  }, 30_000);
});

// ---------------------------------------------------------------------------------------------
// 1b. Property-based on tenant B: arbitrary (possibly valid) input
// ---------------------------------------------------------------------------------------------

describe('arbitrary input on every route (tenant B: never a 5xx, always the JSON contract)', () => {
  for (const r of ROUTES) {
    it(`${keyOf(r)} never answers 5xx`, async () => {
      await refreshB();
      const spends = SPENDS_CALLER.has(keyOf(r));
      // GETs that write (notification viewed, invitation link replaced) do not change the ids used here.
      if (parsesBody(r)) bDirty = true;
      await checkProperty(`arbitrary ${keyOf(r)}`, r, arbitraryInput(r), RUNS_ARBITRARY, async (input) => {
        let caller: TestUser | undefined;
        if (takesLogin(r)) {
          if (spends) B.spare = await renewed(B.spare, B.tenantId);
          caller = spends ? B.spare : B.fuzzer;
        }
        const res = await sendInput(r, input, await bearerFor(r, B, caller));
        const problems = [...contractProblems(res), ...prototypeProblems()];
        if (problems.length) throw new Error(`${problems.join('; ')}\n  ${describeAnswer(res)}`);
        // A valid random call may have logged out or demoted the fuzzing admin: replace it.
        if (!spends && caller && (res.status === 401 || res.status === 403)) B.fuzzer = await renewed(B.fuzzer, B.tenantId);
      });
    }, 90_000 * RUNS_FACTOR);
  }
});

// ---------------------------------------------------------------------------------------------
// 4b. Targeted: accepted odd input is stored literally (tenant B)
// ---------------------------------------------------------------------------------------------

describe('odd but valid input is stored literally', () => {
  it('an SQL injection string as a project name is stored and read back unchanged, then deleted', async () => {
    await refreshB();
    const token = B.fuzzer.token;
    for (const name of ["Robert'); DROP TABLE core_projects;--", "x' OR '1'='1", '1; SELECT pg_sleep(5)', '%_\\ wildcard', '$1 $$ dollar', 'Ünïcødé 👩‍💻 ĳ']) {
      // A host is a host name, so SQL in it is refused rather than stored.
      const sqlHost = await send('POST', '/api/projects', { token, payload: JSON.stringify({ name, host: "h'; --" }), contentType: 'application/json' });
      expect(sqlHost.status, name).toBe(400);
      expect(contractProblems(sqlHost)).toEqual([]);
      const created = await send('POST', '/api/projects', { token, payload: JSON.stringify({ name, host: 'sql.example.test' }), contentType: 'application/json' });
      expect(created.status, name).toBe(200);
      expect(created.body.data.name).toBe(name);
      expect(created.body.data.host).toBe('sql.example.test');
      const id = created.body.data.id;
      const read = await t.request('GET', `/api/projects/${id}`, { token });
      expect(read.body.data.name).toBe(name);
      const listed = await t.request('GET', '/api/projects', { token });
      expect(listed.body.data.filter((p: any) => p.name === name).map((p: any) => p.id)).toEqual([id]);
      // The same name again is a duplicate (compared literally, not as a pattern).
      const again = await send('POST', '/api/projects', { token, payload: JSON.stringify({ name, host: 'site.example.test' }), contentType: 'application/json' });
      expect(again.status, name).toBe(409);
      const removed = await t.request('DELETE', `/api/projects/${id}`, { token });
      expect(removed.status).toBe(200);
      expect((await t.request('GET', `/api/projects/${id}`, { token })).status).toBe(404);
    }
  });

  it('role names with LIKE wildcards are compared literally', async () => {
    await refreshB();
    const token = B.fuzzer.token;
    const base = `Wild ${seq++}`;
    const first = await ok('PUT', '/api/client/roles', token, { name: `${base} axb`, permissions: [], allProjects: true });
    const second = await send('PUT', '/api/client/roles', { token, payload: JSON.stringify({ name: `${base} a_b`, permissions: [], allProjects: true }), contentType: 'application/json' });
    expect(second.status, '"_" must not match any character').toBe(200);
    expect(second.body.data.name).toBe(`${base} a_b`);
    await ok('DELETE', `/api/client/roles/${first.roleId}`, token);
    await ok('DELETE', `/api/client/roles/${second.body.data.roleId}`, token);
  });

  it('SQL-ish metadata labels are stored literally', async () => {
    await refreshB();
    const token = B.fuzzer.token;
    const project = await ok('POST', '/api/projects', token, { name: `Labels ${unique()}`, host: 'site.example.test' });
    const label = "'); DELETE FROM core_projects; --";
    const field = await ok('POST', `/api/${project.id}/metadata`, token, { key: 'sql_label', label });
    expect(field.label).toBe(label);
    expect(await ok('GET', `/api/${project.id}/metadata`, token)).toEqual([{ index: 1, key: 'sql_label', label, type: 'string' }]);
    await ok('DELETE', `/api/projects/${project.id}`, token);
  });
});

// ---------------------------------------------------------------------------------------------
// Server bugs found by this suite (see KNOWN_BUGS): each failed against 45b381a/e7dabf2 and
// passes since d529377. Kept as regression tests.
// ---------------------------------------------------------------------------------------------

describe('server bugs found by this suite (regressions)', () => {
  it('a body nested 10 000 levels deep is refused with a 4xx, not a 500 (core/src/http/strip-empty.ts recursion)', async () => {
    await refreshB();
    const failures: string[] = [];
    for (const r of ROUTES.filter(parsesBody)) {
      const params = Object.fromEntries(paramNamesOf(r).map((n) => [n, n === 'projectId' ? String(B.projectIds[0]) : String(paramSchema(r, n).maximum ?? MAX_ID)]));
      const caller = takesLogin(r) ? B.spare : undefined;
      for (const payload of [`{"a": ${deepText(10_000, 'array')}}`, deepText(10_000, 'object')]) {
        const res = await send(r.method, urlOf(r, { params, query: '', body: payload }), { token: await bearerFor(r, B, caller), payload, contentType: 'application/json' });
        const problems = contractProblems(res);
        if (problems.length) failures.push(`${keyOf(r)} ${short(payload, 20)}: ${problems.join('; ')}`);
      }
      if (caller) B.spare = await renewed(B.spare, B.tenantId);
    }
    bDirty = true;
    expect(failures).toEqual([]);
  }, 60_000);

  it('a U+0000 in any string field of an otherwise valid body is refused with a 4xx, not a 500', async () => {
    await refreshB();
    const failures: string[] = [];
    for (const r of ROUTES.filter((x) => bodySchemaOf(x) && parsesBody(x))) {
      const schema = bodySchemaOf(r)!;
      const sample = withRealIds(sampleOf(schema) as Record<string, unknown>, B);
      // Every top-level string field, and the values/keys of record fields.
      const variants: [string, Record<string, unknown>][] = [];
      for (const [p, v] of Object.entries(sample)) {
        if (typeof v === 'string') variants.push([p, { ...sample, [p]: `${v}\u0000x` }]);
        if (v && typeof v === 'object' && !Array.isArray(v)) {
          for (const [k, inner] of Object.entries(v)) {
            variants.push([`${p} key`, { ...sample, [p]: { [`${k}\u0000`]: inner } }]);
            if (typeof inner === 'string') variants.push([`${p}.${k}`, { ...sample, [p]: { [k]: `${inner}\u0000` } }]);
          }
        }
      }
      for (const [field, body] of variants) {
        const params = Object.fromEntries(paramNamesOf(r).map((n) => [n, String(realIds(B, r, n)[0])]));
        const caller = !takesLogin(r) ? undefined : SPENDS_CALLER.has(keyOf(r)) ? B.spare : B.fuzzer;
        const payload = JSON.stringify(body);
        const res = await send(r.method, urlOf(r, { params, query: '', body: payload }), { token: await bearerFor(r, B, caller), payload, contentType: 'application/json' });
        const problems = contractProblems(res);
        if (problems.length) failures.push(`${keyOf(r)} ${field}: ${problems.join('; ')} — body ${short(payload, 120)}`);
        if (res.status < 300) {
          bDirty = true;
          await refreshB();
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('a malformed %-escape or an over-long path parameter answers the JSON contract ({ errors: [...] })', async () => {
    const failures: string[] = [];
    for (const r of ROUTES.filter((x) => paramNamesOf(x).length > 0)) {
      for (const bad of ['%zz', '%E0%A4%A', 'a'.repeat(MAX_PARAM_LENGTH + 1), 'a'.repeat(3000)]) {
        const names = paramNamesOf(r);
        const params = Object.fromEntries(names.map((n, i) => [n, i === names.length - 1 ? bad : String(B.projectIds[0])]));
        const res = await send(r.method, urlOf(r, { params, query: '', body: undefined }), { token: await bearerFor(r, B, B.fuzzer) });
        const problems = contractProblems(res);
        if (res.status < 400 || res.status >= 500) problems.push(`expected a 4xx, got ${res.status}`);
        if (problems.length) failures.push(`${keyOf(r)} ${short(bad, 12)}: ${problems.join('; ')} — ${describeAnswer(res)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('"Infinity" (or "1e400") as an integer path parameter or body field is refused with a 400', async () => {
    await refreshB();
    const failures: string[] = [];
    const check = async (r: Mounted, where: string, params: Record<string, string>, body: unknown) => {
      const caller = !takesLogin(r) ? undefined : SPENDS_CALLER.has(keyOf(r)) ? B.spare : B.fuzzer;
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const res = await send(r.method, urlOf(r, { params, query: '', body: payload }), { token: await bearerFor(r, B, caller), payload, contentType: payload === undefined ? undefined : 'application/json' });
      const problems = contractProblems(res);
      if (res.status !== 400) problems.push(`expected 400, got ${res.status}`);
      if (problems.length) failures.push(`${keyOf(r)} ${where}: ${problems.join('; ')} — ${describeAnswer(res)}`);
      if (res.status < 300) {
        bDirty = true;
        await refreshB();
      }
    };
    for (const r of ROUTES) {
      const names = paramNamesOf(r);
      const realParams = Object.fromEntries(names.map((n) => [n, String(realIds(B, r, n)[0])]));
      const sample = bodySchemaOf(r) ? withRealIds(sampleOf(bodySchemaOf(r)!) as Record<string, unknown>, B) : undefined;
      const body = sample ?? (parsesBody(r) ? {} : undefined);
      for (const n of names.filter((x) => x !== 'projectId' && paramSchema(r, x).type === 'integer')) {
        for (const inf of ['Infinity', '-Infinity', '1e400']) await check(r, `path :${n}=${inf}`, { ...realParams, [n]: inf }, body);
      }
      for (const [p, s] of Object.entries(bodySchemaOf(r)?.properties ?? {})) {
        if (s.type === 'integer') await check(r, `body ${p}="Infinity"`, realParams, { ...sample, [p]: 'Infinity' });
        if (s.type === 'array' && s.items?.type === 'integer') await check(r, `body ${p}=["Infinity"]`, realParams, { ...sample, [p]: ['Infinity'] });
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('"Infinity" as gdpr sampleRate does not corrupt the stored privacy settings', async () => {
    await refreshB();
    const url = `/api/${B.projectIds[0]}/gdpr`;
    await ok('POST', url, B.fuzzer.token, { sampleRate: 40 });
    const res = await send('POST', url, { token: B.fuzzer.token, payload: JSON.stringify({ sampleRate: 'Infinity' }), contentType: 'application/json' });
    const after = await ok('GET', url, B.fuzzer.token);
    expect({ status: res.status, sampleRate: after.sampleRate }).toEqual({ status: 400, sampleRate: 40 });
  });
});
