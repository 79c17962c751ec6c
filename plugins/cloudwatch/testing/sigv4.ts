// AWS Signature Version 4, recomputed from AWS's documented algorithm with node:crypto only, so a
// stand-in checks the plugin's signing library independently of it.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface SignedRequest {
  method: string;
  /** Path and query as received (`/`, `/?a=b`). */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface ParsedAuthorization {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

export function parseAuthorization(header: string | undefined): ParsedAuthorization | null {
  const match = AUTHORIZATION.exec(header ?? '');
  if (!match) return null;
  const [, accessKeyId, date, region, service, signedHeaders, signature] = match as unknown as string[];
  return { accessKeyId: accessKeyId!, date: date!, region: region!, service: service!, signedHeaders: signedHeaders!.split(';'), signature: signature! };
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as AWS wants it in canonical URIs and queries. */
const uriEncode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Task 1: the canonical request. */
export function canonicalRequest(request: SignedRequest, signedHeaders: string[]): string {
  const [path = '/', query = ''] = request.url.split('?');
  const canonicalUri = path.split('/').map((segment) => uriEncode(decodeURIComponent(segment))).join('/') || '/';
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map((part) => uriEncode(decodeURIComponent(part ?? ''))) as [string, string?])
    .sort(([a, av = ''], [b, bv = '']) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value = '']) => `${key}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = request.headers[name];
      const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${joined.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  return [request.method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders.join(';'), sha256Hex(request.body)].join('\n');
}

/** Tasks 2 to 4: the string to sign, the signing key derived from the secret, the signature. */
export function expectedSignature(request: SignedRequest, auth: ParsedAuthorization, secretAccessKey: string): string {
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const scope = `${auth.date}/${auth.region}/${auth.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest(request, auth.signedHeaders))].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, auth.date), auth.region), auth.service), 'aws4_request');
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex');
}

export function signatureMatches(request: SignedRequest, auth: ParsedAuthorization, secretAccessKey: string): boolean {
  const expected = Buffer.from(expectedSignature(request, auth, secretAccessKey), 'hex');
  const given = Buffer.from(auth.signature, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
