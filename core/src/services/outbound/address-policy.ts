import { isIPv4, isIPv6 } from 'node:net';

// IPv4 ranges that are not the public internet: this host, private networks, shared
// address space (carrier NAT), loopback, link-local (cloud metadata at 169.254.169.254),
// protocol assignments, documentation, 6to4 relays, benchmarking, multicast, reserved and broadcast.
const REFUSED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

function v4ToInt(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const REFUSED_V4_RANGES = REFUSED_V4.map(([base, bits]) => {
  const size = 2 ** (32 - bits);
  const start = v4ToInt(base);
  return { start, end: start + size - 1 };
});

function isRefusedV4(address: string): boolean {
  const n = v4ToInt(address);
  return REFUSED_V4_RANGES.some((r) => n >= r.start && n <= r.end);
}

/** The eight 16-bit groups of an IPv6 address (dotted IPv4 tails included). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4ToInt(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...(tail === undefined ? [] : Array(missing).fill('0')), ...tailGroups];
  return groups.map((g) => parseInt(g, 16));
}

function embeddedV4(groups: number[], from: number): string {
  const hi = groups[from]!;
  const lo = groups[from + 1]!;
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

function isRefusedV6(address: string): boolean {
  const g = v6Groups(address);
  const zeros = (upTo: number) => g.slice(0, upTo).every((x) => x === 0);
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and IPv4-translated
  // (::ffff:0:a.b.c.d) forms reach the IPv4 address: judge that one.
  if (zeros(5) && g[5] === 0xffff) return isRefusedV4(embeddedV4(g, 6));
  if (zeros(4) && g[4] === 0xffff && g[5] === 0) return isRefusedV4(embeddedV4(g, 6));
  if (zeros(6)) return g[6] === 0 && g[7]! <= 1 ? true : isRefusedV4(embeddedV4(g, 6));
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address too.
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0) return isRefusedV4(embeddedV4(g, 6));
  if (g[0] === 0x2002) return isRefusedV4(embeddedV4(g, 1));
  // Only global unicast (2000::/3) is public; that rules out ::, ::1, fc00::/7 (unique local),
  // fe80::/10 (link-local), ff00::/8 (multicast) and the rest of the reserved space.
  if ((g[0]! & 0xe000) !== 0x2000) return true;
  // Teredo (2001::/32) tunnels to arbitrary IPv4 hosts; 2001:db8::/32 is documentation.
  if (g[0] === 0x2001 && (g[1] === 0 || g[1] === 0xdb8)) return true;
  return false;
}

/** True when an IP address is not a public internet address (see the ranges above). */
export function isRefusedAddress(address: string): boolean {
  if (isIPv4(address)) return isRefusedV4(address);
  if (isIPv6(address)) return isRefusedV6(address);
  // Not an address at all: nothing to connect to safely.
  return true;
}

/**
 * Exact `host:port` pairs the operator exempts from the address check (intranet assets,
 * tests). IPv6 hosts are written in brackets: `[::1]:8080`. Host names compare case-insensitively.
 */
export class OutboundAllowlist {
  private readonly entries: ReadonlySet<string>;

  constructor(entries: readonly string[]) {
    this.entries = new Set(entries.map((e) => parseAllowEntry(e)));
  }

  get size(): number {
    return this.entries.size;
  }

  /** `host` is a name as the URL spells it or an address as DNS answered it. */
  allows(host: string, port: number): boolean {
    return this.entries.has(`${normalizeHost(host)}:${port}`);
  }
}

function normalizeHost(host: string): string {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return isIPv6(bare) ? `[${v6Groups(bare).map((g) => g.toString(16)).join(':')}]` : bare.toLowerCase();
}

/** `host:port` → its normalized form; throws with the entry in the message when it is not one. */
export function parseAllowEntry(entry: string): string {
  const text = entry.trim();
  const match = /^(\[[0-9a-fA-F:.]+\]|[^\s:[\]/]+):(\d{1,5})$/.exec(text);
  const port = match ? Number(match[2]) : NaN;
  if (!match || port < 1 || port > 65_535) {
    throw new Error(`Outbound allowlist entry "${entry}" must be host:port (e.g. 127.0.0.1:8081 or [::1]:8081)`);
  }
  return `${normalizeHost(match[1]!)}:${port}`;
}

/** The comma-separated env form (`CASSETTE_OUTBOUND_ALLOW_HOSTS`). */
export function parseAllowList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
