// Google's token endpoint and the Cloud Logging API on a real local socket: the token endpoint
// verifies the service account's JWT (RS256 signature with the account's public key, then iss,
// scope, aud, iat and exp) the way Google documents it; entries:list wants the token it issued
// and evaluates the filter on the stand-in's entries.
import { verify, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInEntry {
  logName: string;
  timestamp: string;
  severity?: string;
  textPayload?: string;
  jsonPayload?: Record<string, unknown>;
}

export interface GoogleStandInAccount {
  clientEmail: string;
  projectId: string;
  publicKey: KeyObject;
}

export interface GoogleStandInOptions {
  accounts: GoogleStandInAccount[];
  entries: StandInEntry[];
  /** The stand-in's clock for the JWT's iat and exp (default Date.now). */
  now?: () => number;
}

export interface VerifiedAssertion {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
}

export interface GoogleStandIn {
  origin: string;
  hostPort: string;
  /** The key file's `token_uri`. */
  tokenUri: string;
  /** JWTs the token endpoint accepted, decoded. */
  assertions: VerifiedAssertion[];
  /** entries:list requests that carried an issued token. */
  listed: { body: Record<string, unknown>; authorization: string }[];
  behaviour: { rateLimited: boolean; delayMs: number };
  close(): Promise<void>;
}

const SCOPE = 'https://www.googleapis.com/auth/logging.read';

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}
const oauthError = (res: http.ServerResponse, error: string, description: string) => send(res, 400, { error, error_description: description });
const apiError = (res: http.ServerResponse, code: number, status: string, message: string) => send(res, code, { error: { code, message, status } });

const decodePart = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

export async function startGoogleStandIn(options: GoogleStandInOptions): Promise<GoogleStandIn> {
  const now = options.now ?? Date.now;
  const assertions: VerifiedAssertion[] = [];
  const listed: GoogleStandIn['listed'] = [];
  const issued = new Map<string, GoogleStandInAccount>();
  const behaviour = { rateLimited: false, delayMs: 0 };
  let origin = '';

  const token = (res: http.ServerResponse, body: string) => {
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return oauthError(res, 'unsupported_grant_type', 'Invalid grant_type: ' + (form.get('grant_type') ?? ''));
    const parts = (form.get('assertion') ?? '').split('.');
    if (parts.length !== 3) return oauthError(res, 'invalid_request', 'Invalid JWT: the assertion is not a JWT.');
    let header: Record<string, unknown>;
    let claims: Record<string, unknown>;
    try {
      header = decodePart(parts[0]!);
      claims = decodePart(parts[1]!);
    } catch {
      return oauthError(res, 'invalid_request', 'Invalid JWT: the assertion is not a JWT.');
    }
    const account = options.accounts.find((a) => a.clientEmail === claims.iss);
    if (!account) return oauthError(res, 'invalid_grant', 'Invalid grant: account not found');
    const signed = verify('RSA-SHA256', Buffer.from(`${parts[0]}.${parts[1]}`), account.publicKey, Buffer.from(parts[2]!, 'base64url'));
    if (header.alg !== 'RS256' || !signed) return oauthError(res, 'invalid_grant', 'Invalid JWT Signature.');
    const seconds = Math.floor(now() / 1000);
    const iat = Number(claims.iat);
    const exp = Number(claims.exp);
    if (!(iat <= seconds + 60 && exp > seconds && exp - iat <= 3600)) {
      return oauthError(res, 'invalid_grant', 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.');
    }
    if (claims.aud !== `${origin}/token`) return oauthError(res, 'invalid_grant', 'Invalid JWT: Failed audience check.');
    if (!String(claims.scope ?? '').split(' ').includes(SCOPE)) return oauthError(res, 'invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
    assertions.push({ header, claims });
    const accessToken = `ya29.stand-in-${issued.size + 1}`;
    issued.set(accessToken, account);
    send(res, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
  };

  const entriesList = (req: http.IncomingMessage, res: http.ServerResponse, text: string) => {
    const authorization = req.headers.authorization ?? '';
    const account = issued.get(authorization.replace(/^Bearer /, ''));
    if (!account) {
      return apiError(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return apiError(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    listed.push({ body, authorization });
    if (behaviour.rateLimited) return apiError(res, 429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute' of service 'logging.googleapis.com'.");
    const resourceNames = Array.isArray(body.resourceNames) ? body.resourceNames : [];
    const other = resourceNames.find((name) => name !== `projects/${account.projectId}`);
    if (other || resourceNames.length === 0) return apiError(res, 403, 'PERMISSION_DENIED', `The caller does not have permission on ${String(other ?? 'no resource')}`);
    const matching = options.entries.filter((entry) => matches(entry, String(body.filter ?? '')));
    matching.sort((a, b) => (body.orderBy === 'timestamp desc' ? b.timestamp.localeCompare(a.timestamp) : a.timestamp.localeCompare(b.timestamp)));
    const offset = Number(body.pageToken ?? 0);
    const size = Math.min(Number(body.pageSize ?? 50), 1000);
    const page = matching.slice(offset, offset + size).map((entry, i) => ({ ...entry, insertId: `insert-${offset + i}` }));
    send(res, 200, { entries: page, ...(offset + size < matching.length ? { nextPageToken: String(offset + size) } : {}) });
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const answer = () => {
        if (req.method === 'POST' && req.url === '/token') return token(res, text);
        if (req.method === 'POST' && req.url === '/v2/entries:list') return entriesList(req, res, text);
        apiError(res, 404, 'NOT_FOUND', `${req.method} ${req.url} is not a method of this API`);
      };
      if (behaviour.delayMs > 0) setTimeout(answer, behaviour.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    hostPort: `127.0.0.1:${port}`,
    tokenUri: `${origin}/token`,
    assertions,
    listed,
    behaviour,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The parts of the logging query language the plugin writes: logName=, timestamp>= / <=, and the tag as jsonPayload field or textPayload substring. */
function matches(entry: StandInEntry, filter: string): boolean {
  const literal = (re: RegExp) => [...filter.matchAll(re)].map((m) => JSON.parse(`"${m[1]}"`) as string);
  const logNames = literal(/logName="((?:[^"\\]|\\.)*)"/g);
  if (logNames.some((name) => name !== entry.logName)) return false;
  const after = literal(/timestamp>="((?:[^"\\]|\\.)*)"/g);
  if (after.some((t) => Date.parse(entry.timestamp) < Date.parse(t))) return false;
  const before = literal(/timestamp<="((?:[^"\\]|\\.)*)"/g);
  if (before.some((t) => Date.parse(entry.timestamp) > Date.parse(t))) return false;
  const tagged = /\(jsonPayload\.(\w+)="((?:[^"\\]|\\.)*)" OR textPayload:"((?:[^"\\]|\\.)*)"\)/.exec(filter);
  if (tagged) {
    const [, field, value, text] = tagged;
    const inJson = entry.jsonPayload?.[field!] === JSON.parse(`"${value}"`);
    const inText = (entry.textPayload ?? '').includes(JSON.parse(`"${text}"`) as string);
    if (!inJson && !inText) return false;
  }
  return true;
}
