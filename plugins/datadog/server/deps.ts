import { createServiceRef } from '@cassette/plugin-sdk/server';

/**
 * The Datadog site the log source calls, from the plugin's settings. The log source is
 * contributed in `register`, before the kernel has validated settings into a service; the
 * kernel makes this one at boot, before any request, and the log source reads it on each call.
 */
export const datadogSiteRef = createServiceRef<{ apiBase: string }>('datadog.site');
