/**
 * The flags a headless Chromium needs on a server host: no sandbox user namespace, GPU or
 * background traffic (updates, sync, QUIC), and /dev/shm left alone (small in containers). The
 * synthetic runner starts its browsers with them; the browser tests and benchmarks too.
 */
export const HEADLESS_CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
