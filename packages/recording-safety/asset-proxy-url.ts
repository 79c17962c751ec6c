/**
 * Where the viewer's browser loads a recorded asset from: the Cassette server's asset proxy,
 * never the host the recorded page pointed at. The player rewrites recorded URLs to this form;
 * the server parses it back and serves the copy it fetched (see the assets plugin).
 */

/**
 * The proxy's path for one recorded asset of a project, given its absolute http(s) URL. The
 * replay's own requests carry no login header: `token` (the project's asset token) goes in
 * the URL instead, after the asset's URL.
 */
export function assetProxyPath(projectId: number, absoluteUrl: string, token?: string | null): string {
  const path = `/api/${projectId}/assets?url=${encodeURIComponent(absoluteUrl)}`;
  return token ? `${path}&t=${encodeURIComponent(token)}` : path;
}

/** Whether a URL (absolute or a path on the app) is already a proxied asset URL. */
export function isAssetProxyPath(value: string): boolean {
  return /^(?:[a-z]+:\/\/[^/]+)?\/api\/\d+\/assets\?url=/i.test(value.trim());
}
