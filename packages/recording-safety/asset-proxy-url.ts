/**
 * Where the viewer's browser loads a recorded asset from: the Cassette server's asset proxy,
 * never the host the recorded page pointed at. The player rewrites recorded URLs to this form;
 * the server parses it back and serves the copy it fetched (see the assets plugin).
 */

/**
 * The proxy's path for one recorded asset of a project, given its absolute http(s) URL. The
 * replay's own requests carry no login header: `token` (the project's asset token) goes in
 * the URL instead, after the asset's URL. `liveSessionId`: the live view's form, served to
 * agents watching that session (the assist plugin's route, with its live asset token).
 */
export function assetProxyPath(projectId: number, absoluteUrl: string, token?: string | null, liveSessionId?: string | null): string {
  const route = liveSessionId ? `assist/sessions/${encodeURIComponent(liveSessionId)}/assets` : 'assets';
  const path = `/api/${projectId}/${route}?url=${encodeURIComponent(absoluteUrl)}`;
  return token ? `${path}&t=${encodeURIComponent(token)}` : path;
}

/** Whether a URL (absolute or a path on the app) is already a proxied asset URL (a recording's or a live session's). */
export function isAssetProxyPath(value: string): boolean {
  return /^(?:[a-z]+:\/\/[^/]+)?\/api\/\d+\/(?:assist\/sessions\/\d+\/)?assets\?url=/i.test(value.trim());
}
