/** Script URLs of browser extensions: never the site's code. */
const EXTENSION_SCHEMES = /^(chrome|moz|safari|safari-web|ms-browser|edge)-extension:/i;

/** Hosts that serve third-party libraries and widgets: a frame there is not the site's code. */
const THIRD_PARTY_HOSTS = [
  'cdnjs.cloudflare.com',
  'cdn.jsdelivr.net',
  'unpkg.com',
  'ajax.googleapis.com',
  'code.jquery.com',
  'stackpath.bootstrapcdn.com',
  'maxcdn.bootstrapcdn.com',
  'cdn.skypack.dev',
  'esm.sh',
  'polyfill.io',
  'www.googletagmanager.com',
  'www.google-analytics.com',
  'connect.facebook.net',
  'static.hotjar.com',
  'js.stripe.com',
  'cdn.segment.com',
  'widget.intercom.io',
];

/** Paths that hold bundled dependencies rather than the site's own code. */
const VENDOR_PATH = /\/node_modules\/|\/bower_components\/|(^|[/._~-])vendors?([/._~-]|$)|chunk-vendors|\/webpack\/bootstrap|\/~\/|\/polyfills?[.-]/i;

function hostOf(absPath: string): string | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(absPath);
  return match ? match[1]!.replace(/^[^@]*@/, '').replace(/:\d+$/, '').toLowerCase() : null;
}

/**
 * Whether a frame at this script location is the site's own code. Frames without a location
 * (`native`), in `<anonymous>` code, in browser extensions, on library CDNs or in vendor
 * bundles are not: grouping and the viewer look past them.
 */
export function isInAppLocation(absPath: string | null): boolean {
  if (!absPath) return false;
  const text = absPath.trim();
  if (!text || text.startsWith('<') || text === 'native' || text.startsWith('[native')) return false;
  if (EXTENSION_SCHEMES.test(text)) return false;
  const host = hostOf(text);
  if (host && THIRD_PARTY_HOSTS.some((h) => host === h || host.endsWith(`.${h}`))) return false;
  if (VENDOR_PATH.test(text)) return false;
  return true;
}
