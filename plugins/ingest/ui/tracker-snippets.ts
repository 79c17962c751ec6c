// The code a website owner pastes, built from the project's key and this server's address.

export interface SnippetTarget {
  /** The Cassette server's public origin, e.g. `https://cassette.example.com`. */
  origin: string;
  projectKey: string;
}

/** A single-quoted JavaScript string that stays inert inside an HTML `<script>` block. */
export function jsString(value: string): string {
  const escaped = value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/</g, '\\x3C').replace(/\r/g, '\\r').replace(/\n/g, '\\n');
  return `'${escaped}'`;
}

const trimOrigin = (origin: string) => origin.replace(/\/+$/, '');

export const ingestPointOf = (origin: string) => `${trimOrigin(origin)}/api/ingest`;

export function scriptTagSnippet({ origin, projectKey }: SnippetTarget): string {
  // When the Cassette server cannot be reached, tracker.js does not load: the page must go on
  // unrecorded rather than throw, so the snippet checks before using it.
  return `<script src="${trimOrigin(origin)}/tracker.js"></script>
<script>
  var tracker = window.CassetteTracker ? new CassetteTracker({
    projectKey: ${jsString(projectKey)},
    ingestPoint: ${jsString(ingestPointOf(origin))},
  }) : null;
  if (tracker) tracker.start();
</script>`;
}

export const NPM_INSTALL = 'npm i @cassette/tracker';

export function npmSnippet({ origin, projectKey }: SnippetTarget): string {
  return `import { CassetteTracker } from '@cassette/tracker';

const tracker = new CassetteTracker({
  projectKey: ${jsString(projectKey)},
  ingestPoint: ${jsString(ingestPointOf(origin))},
});
tracker.start();`;
}

export const IDENTIFY_SNIPPET = `// Once you know who the visitor is (after login, for example):
tracker?.setUserID('john@example.com');`;

export const METADATA_SNIPPET = `// Anything else you want to search sessions by:
tracker?.setMetadata('plan', 'premium');`;

export const ANONYMOUS_ID_SNIPPET = `// Before login, an id of your own (a cart or lead id):
tracker?.setUserAnonymousID('cart-48151623');`;

/** The demo shop records into the project whose key is in its address. */
export const demoSiteUrl = (projectKey: string) => `/demo/?key=${encodeURIComponent(projectKey)}`;
