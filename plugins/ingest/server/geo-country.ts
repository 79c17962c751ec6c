import { createRequire } from 'node:module';

interface GeoIpCountry {
  lookup(ip: string): { country?: string } | null;
}

let geoip: GeoIpCountry | undefined;

/**
 * ISO country code of a client address, from the offline database shipped in the
 * `geoip-country` package (GeoLite2 data by MaxMind). Private, loopback and unknown
 * addresses give null. The ~8 MB database loads on the first lookup, not at boot.
 */
export function countryOf(ip: string | undefined): string | null {
  if (!ip) return null;
  geoip ??= createRequire(import.meta.url)('geoip-country') as GeoIpCountry;
  try {
    const code = geoip.lookup(ip)?.country;
    return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : null;
  } catch {
    return null;
  }
}
