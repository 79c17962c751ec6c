// Links come from other plugins and from admins, then end up in an href: only two shapes are
// allowed, so a `javascript:` or protocol-relative URL can never reach the browser.

/** An absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A path inside the app (`/3/dashboard/7`), not `//host` or `/\host`, which browsers treat as another origin. */
export function isAppPath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !/[\s\\]/.test(value);
}

export function isSafeLink(value: string): boolean {
  return isAppPath(value) || isHttpUrl(value);
}
