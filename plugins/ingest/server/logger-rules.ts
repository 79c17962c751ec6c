import { BlockList, isIP } from 'node:net';
import { domainAllowed, stricterInputMode, type LoggerOptions } from '@cassette/plugin-sdk';
import type { GdprSettings } from '@cassette/plugin-sdk/server';
import type { RecordingConfig } from '@cassette/tracker/protocol';

/** Where admins change the rules, for refusals a site owner reads in the tracker's log. */
const WHERE = "An admin of the organization can change this in Preferences › Account › Recording rules.";

/** An IPv4 address written as IPv6 (`::ffff:203.0.113.7`, as a dual-stack socket reports it) is read as IPv4. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/** Whether `ip` is on the allow-list (an empty list allows every address). */
export function addressAllowed(ip: string, ipWhitelist: readonly string[]): boolean {
  if (ipWhitelist.length === 0) return true;
  const address = plainAddress(ip);
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of ipWhitelist) {
    const [base = '', prefix] = entry.split('/');
    const type = isIP(base) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(base, type);
    else list.addSubnet(base, Number(prefix), type);
  }
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** The host of the recorded page: the browser's Origin header, else the page address the tracker sent. */
export function pageHost(origin: string | undefined, url: string): string | null {
  for (const candidate of [origin, url]) {
    if (!candidate || candidate === 'null') continue;
    try {
      const parsed = new URL(candidate);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.hostname.replace(/^\[|\]$/g, '');
    } catch {
      // Not an address: try the next one.
    }
  }
  return null;
}

/** Why the client's logger options refuse this session start, or null when they allow it. */
export function startRefusal(options: LoggerOptions, ip: string, origin: string | undefined, url: string): string | null {
  if (!addressAllowed(ip, options.ipWhitelist)) {
    return `Sessions from this address (${plainAddress(ip).slice(0, 64)}) are not recorded: it is not in the organization's IP allow-list. ${WHERE}`;
  }
  if (options.allowedDomains.length > 0) {
    const host = pageHost(origin, url);
    if (host === null) return `This page's address could not be read, and the organization records only pages on its allowed domains. ${WHERE}`;
    if (!domainAllowed(host, options.allowedDomains)) return `Pages on ${host.slice(0, 253)} are not recorded: it is not one of the organization's allowed domains. ${WHERE}`;
  }
  return null;
}

/** What the tracker masks: the stricter of the project's privacy settings and the client's logger options. */
export function recordingPrivacy(gdpr: Pick<GdprSettings, 'defaultInputMode' | 'maskEmails' | 'maskNumbers'>, options: LoggerOptions): Pick<RecordingConfig, 'defaultInputMode' | 'maskEmails' | 'maskNumbers'> {
  return {
    defaultInputMode: stricterInputMode(gdpr.defaultInputMode, options.defaultInputMode),
    maskEmails: gdpr.maskEmails || options.obscureEmailData,
    maskNumbers: gdpr.maskNumbers || options.obscureNumericData,
  };
}
