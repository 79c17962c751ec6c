import { isAppPath, isHttpUrl } from '../shared/links.js';

export type LinkTarget = { kind: 'app'; to: string } | { kind: 'external'; href: string };

/**
 * Where a notification or announcement link leads: app paths (and absolute URLs of this very
 * app) navigate inside the app; other http(s) URLs open in a new tab; anything else is not a link.
 */
export function linkTarget(href: string | undefined, origin: string = typeof window === 'undefined' ? '' : window.location.origin): LinkTarget | null {
  if (!href) return null;
  if (isAppPath(href)) return { kind: 'app', to: href };
  if (!isHttpUrl(href)) return null;
  const url = new URL(href);
  if (origin && url.origin === origin) return { kind: 'app', to: `${url.pathname}${url.search}${url.hash}` };
  return { kind: 'external', href: url.href };
}
