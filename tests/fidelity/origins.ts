import { e2eAssetPorts, e2eOutboundAllowHosts } from '../e2e/support/asset-hosts.js';

/**
 * The two local origins the fidelity pages come from, derived from the browser tests' port in
 * this one place: the site (pages, and the files a site keeps beside them) on E2E_PORT + 1, and a
 * second origin for its cross-origin assets (images, fonts, stylesheets, media) on E2E_PORT + 2.
 * The Cassette server is allowed to fetch from exactly these two (its asset proxy refuses
 * loopback otherwise).
 */
export const [SITE_PORT, ASSET_PORT] = e2eAssetPorts();

export const SITE_ORIGIN = `http://127.0.0.1:${SITE_PORT}`;
export const ASSET_ORIGIN = `http://127.0.0.1:${ASSET_PORT}`;

/** The value of the server's `CASSETTE_OUTBOUND_ALLOW_HOSTS` for these origins. */
export const OUTBOUND_ALLOW_HOSTS = e2eOutboundAllowHosts();
