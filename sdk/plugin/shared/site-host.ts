/**
 * A project's host (spec part 2 §5: "Project/site: host non-empty"): the site the tracker
 * records, as a host name or IP address with an optional port. The player trusts only pages on
 * this host (and its subdomains) when it decides which origins a replay may load from, so the
 * server and the forms read it the same way, here.
 *
 * People paste addresses: `https://www.shop.example/cart?x=1` is read as `www.shop.example`.
 * Names are lower-cased and internationalized names become their ASCII (punycode) form, which
 * is what a browser reports for the recorded pages.
 */

/** Longest text a host field takes: room for a pasted address, not only the host. */
export const SITE_HOST_INPUT_MAX_LENGTH = 2048;
/** A DNS name's limit. */
export const SITE_HOST_NAME_MAX_LENGTH = 253;

export const SITE_HOST_REQUIRED = 'Enter the site’s host, such as shop.example.com.';
export const SITE_HOST_INVALID = 'The host must be a domain name or an IP address, optionally with a port, such as shop.example.com or localhost:3000.';
export const SITE_HOST_WILDCARD = 'Enter the host without a wildcard: pages on its subdomains count too.';
export const SITE_HOST_SCHEME = 'Enter the site’s host, or its http or https address.';
export const SITE_HOST_TOO_LONG = `The host may be at most ${SITE_HOST_NAME_MAX_LENGTH} characters long.`;

export type SiteHostReading = { ok: true; host: string } | { ok: false; error: string };

const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function refused(error: string): SiteHostReading {
  return { ok: false, error };
}

/** The host a user typed or pasted, normalized, or the reason it is not one. */
export function readSiteHost(input: string): SiteHostReading {
  const text = input.trim();
  if (!text) return refused(SITE_HOST_REQUIRED);
  if (text.length > SITE_HOST_INPUT_MAX_LENGTH) return refused(SITE_HOST_TOO_LONG);
  let scheme = 'http';
  let rest = text;
  const written = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text);
  if (written) {
    scheme = written[1]!.toLowerCase();
    if (scheme !== 'http' && scheme !== 'https') return refused(SITE_HOST_SCHEME);
    rest = text.slice(written[0].length);
  } else if (text.startsWith('//')) {
    rest = text.slice(2);
  }
  // The path, query and fragment of a pasted address say nothing about the site.
  rest = rest.split(/[/?#\\]/, 1)[0]!;
  if (rest.includes('*')) return refused(SITE_HOST_WILDCARD);
  // "user@host" would be read as a host by URL; a host field never holds credentials.
  if (!rest || rest.includes('@') || /\s/.test(rest)) return refused(SITE_HOST_INVALID);
  let url: URL;
  try {
    url = new URL(`${scheme}://${rest}`);
  } catch {
    return refused(SITE_HOST_INVALID);
  }
  const hostname = url.hostname.replace(/\.$/, '');
  if (hostname.length > SITE_HOST_NAME_MAX_LENGTH) return refused(SITE_HOST_TOO_LONG);
  const isIp = hostname.startsWith('[') || IPV4.test(hostname);
  // URL reads "123" or "0x7f.1" as an IPv4 address; nobody means that by a host.
  if (IPV4.test(hostname) && !rest.startsWith(hostname)) return refused(SITE_HOST_INVALID);
  if (!isIp && !hostname.split('.').every((label) => LABEL.test(label))) return refused(SITE_HOST_INVALID);
  if (url.port === '0') return refused(SITE_HOST_INVALID);
  return { ok: true, host: url.port ? `${hostname}:${url.port}` : hostname };
}

