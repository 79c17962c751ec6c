/**
 * The Chromium every browser test and benchmark drives: Debian's, headless, without a sandbox
 * user namespace, GPU or background traffic (updates, sync, QUIC), and with /dev/shm left alone
 * (small in containers).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
