import { HEADLESS_CHROMIUM_ARGS } from '@cassette/plugin-sdk/server';

/** The Chromium every browser test and benchmark drives: Debian's, with the SDK's headless flags. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export { HEADLESS_CHROMIUM_ARGS };
