/**
 * The client's logger options (spec part 2 §3 "Client"): rules every project of the account
 * records by. Ingest refuses a session start from an address outside `ipWhitelist` or a page
 * outside `allowedDomains` (empty lists allow any), and hands the tracker the stricter of these
 * privacy rules and the project's own (Settings › Projects › privacy), so neither can weaken the other.
 */
export type InputMode = 'plain' | 'obscured' | 'hidden';
export const INPUT_MODES: readonly InputMode[] = ['plain', 'obscured', 'hidden'];

export interface LoggerOptions {
  /** Addresses (`203.0.113.7`, `2001:db8::1`) or ranges (`203.0.113.0/24`) sessions may start from. */
  ipWhitelist: string[];
  /** Hosts (`shop.example.com`) or every subdomain of one (`*.example.com`) recorded pages may be on. */
  allowedDomains: string[];
  defaultInputMode: InputMode;
  obscureEmailData: boolean;
  obscureNumericData: boolean;
}

export const DEFAULT_LOGGER_OPTIONS: LoggerOptions = {
  ipWhitelist: [],
  allowedDomains: [],
  defaultInputMode: 'plain',
  obscureEmailData: false,
  obscureNumericData: false,
};

/** Most entries of each list: enough for an office network or a family of sites, small to match. */
export const LOGGER_OPTIONS_MAX_ENTRIES = 100;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** 4 or 6 for an IP address written plainly, else 0 (works in the browser and on the server). */
export function ipVersion(value: string): 0 | 4 | 6 {
  if (IPV4.test(value)) return 4;
  if (!value.includes(':') || !/^[0-9a-fA-F:.]+$/.test(value)) return 0;
  try {
    // The URL parser is a strict IPv6 reader on both sides.
    new URL(`http://[${value}]/`);
    return 6;
  } catch {
    return 0;
  }
}

/** An allow-list entry as stored (trimmed, lower-case), or null when it is not an address or a range. */
export function readIpEntry(raw: string): string | null {
  const value = raw.trim().toLowerCase();
  const [address = '', prefix, extra] = value.split('/');
  if (extra !== undefined) return null;
  const version = ipVersion(address);
  if (version === 0) return null;
  if (prefix === undefined) return address;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (version === 4 ? 32 : 128)) return null;
  return `${address}/${Number(prefix)}`;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** An allowed-domain entry as stored (a host, or `*.` and a host), or null. A pasted address keeps its host. */
export function readDomainEntry(raw: string): string | null {
  let value = raw.trim().toLowerCase();
  if (value.includes('://')) {
    try {
      value = new URL(value).hostname;
    } catch {
      return null;
    }
  }
  value = value.replace(/\.$/, '');
  const wildcard = value.startsWith('*.');
  const host = wildcard ? value.slice(2) : value;
  if (host.length === 0 || host.length > 253) return null;
  if (ipVersion(host) === 4 && !wildcard) return host;
  if (!host.split('.').every((label) => LABEL.test(label))) return null;
  return wildcard ? `*.${host}` : host;
}

function readList(value: unknown, field: 'ipWhitelist' | 'allowedDomains', read: (raw: string) => string | null, what: string, errors: string[]): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    errors.push(`${field} must be a list of ${what}.`);
    return undefined;
  }
  const entries = (value as string[]).filter((v) => v.trim() !== '');
  if (entries.length > LOGGER_OPTIONS_MAX_ENTRIES) {
    errors.push(`${field} holds ${entries.length} entries: keep it to ${LOGGER_OPTIONS_MAX_ENTRIES}.`);
    return undefined;
  }
  const bad = entries.filter((e) => read(e) === null);
  if (bad.length > 0) {
    const shown = bad.slice(0, 3).map((b) => `"${b.slice(0, 64)}"`).join(', ');
    errors.push(`${field}: ${shown}${bad.length > 3 ? ' and more' : ''} ${bad.length > 1 ? 'are' : 'is'} not ${what}.`);
    return undefined;
  }
  return [...new Set(entries.map((e) => read(e)!))];
}

/** What `PUT /client` takes under `loggerOptions`: any of the fields, each checked; every refusal says what to send. */
export function readLoggerOptionsChange(value: unknown): { change: Partial<LoggerOptions>; errors: [] } | { change: null; errors: string[] } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { change: null, errors: ['loggerOptions must be an object, such as { "allowedDomains": ["shop.example.com"] }.'] };
  const record = value as Record<string, unknown>;
  const errors: string[] = [];
  const known = Object.keys(DEFAULT_LOGGER_OPTIONS);
  const unknown = Object.keys(record).filter((k) => !known.includes(k));
  if (unknown.length > 0) errors.push(`Unknown logger option${unknown.length > 1 ? 's' : ''} ${unknown.slice(0, 5).map((k) => `"${k.slice(0, 64)}"`).join(', ')}: use ${known.map((k) => `"${k}"`).join(', ')}.`);
  const change: Partial<LoggerOptions> = {};
  const ips = readList(record.ipWhitelist, 'ipWhitelist', readIpEntry, 'IP addresses or ranges (such as 203.0.113.7 or 203.0.113.0/24)', errors);
  if (ips) change.ipWhitelist = ips;
  const domains = readList(record.allowedDomains, 'allowedDomains', readDomainEntry, 'domains (such as shop.example.com or *.example.com)', errors);
  if (domains) change.allowedDomains = domains;
  if (record.defaultInputMode !== undefined) {
    if (typeof record.defaultInputMode === 'string' && (INPUT_MODES as readonly string[]).includes(record.defaultInputMode)) change.defaultInputMode = record.defaultInputMode as InputMode;
    else errors.push(`defaultInputMode must be one of ${INPUT_MODES.join(', ')}.`);
  }
  for (const flag of ['obscureEmailData', 'obscureNumericData'] as const) {
    if (record[flag] === undefined) continue;
    if (typeof record[flag] === 'boolean') change[flag] = record[flag] as boolean;
    else errors.push(`${flag} must be true or false.`);
  }
  return errors.length > 0 ? { change: null, errors } : { change, errors: [] };
}

/** The stored options, with the defaults under anything missing (or stored before a field existed). */
export function resolveLoggerOptions(stored: Readonly<Record<string, unknown>> | null | undefined): LoggerOptions {
  const read = readLoggerOptionsChange(stored ?? {});
  return { ...DEFAULT_LOGGER_OPTIONS, ...(read.change ?? {}) };
}

/** Whether a page on `host` may be recorded under `allowedDomains` (empty: any page). */
export function domainAllowed(host: string, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  const h = host.toLowerCase().replace(/\.$/, '');
  return allowedDomains.some((entry) => (entry.startsWith('*.') ? h.endsWith(entry.slice(1)) && h.length > entry.length - 1 : h === entry));
}

const STRICTNESS: Record<InputMode, number> = { plain: 0, obscured: 1, hidden: 2 };

/** The mode that shows less of what visitors type. */
export function stricterInputMode(a: InputMode, b: InputMode): InputMode {
  return STRICTNESS[a] >= STRICTNESS[b] ? a : b;
}
