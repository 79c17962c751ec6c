/**
 * The two local ports browser tests serve cross-origin assets from (fonts, images, sheets of
 * "another site"): E2E_PORT + 1 and + 2. The app under test may fetch from these and no other
 * private address, so the asset proxy's address check stays on for everything else.
 */
export function e2eAssetPorts(appPort = Number(process.env.E2E_PORT ?? 18_090)): [number, number] {
  return [appPort + 1, appPort + 2];
}

/** `CASSETTE_OUTBOUND_ALLOW_HOSTS` for the app under test. */
export function e2eOutboundAllowHosts(appPort?: number): string {
  return e2eAssetPorts(appPort)
    .map((port) => `127.0.0.1:${port}`)
    .join(',');
}
