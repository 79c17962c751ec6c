import type { SinkPrefix } from './sink-ledger.js';

export type VariantId = 'none' | 'rrweb' | 'cassette' | 'cassette-before' | 'openreplay' | 'posthog' | 'sentry';

export interface BrowserVariant {
  id: VariantId;
  label: string;
  /** Where on the sink the recorder sends; null for the page without one. */
  prefix: SinkPrefix | null;
  /** The bundle entry under `entries/`, or null when the variant ships its own build. */
  entry: string | null;
}

export const PROJECT_KEY = 'bench-project';

export const VARIANTS: readonly BrowserVariant[] = [
  { id: 'none', label: 'no tracker', prefix: null, entry: null },
  { id: 'rrweb', label: '@rrweb/record alone', prefix: 'rrweb', entry: 'rrweb.entry.ts' },
  { id: 'cassette', label: 'Cassette (ours)', prefix: 'cassette', entry: null },
  // Only with BENCH_CASSETTE_BEFORE=<an earlier tracker.js>: that build beside today's, in the same runs.
  { id: 'cassette-before', label: 'Cassette, earlier build', prefix: 'cassette', entry: null },
  { id: 'openreplay', label: '@openreplay/tracker', prefix: 'openreplay', entry: 'openreplay.entry.ts' },
  { id: 'posthog', label: 'posthog-js + recording', prefix: 'posthog', entry: 'posthog.entry.ts' },
  { id: 'sentry', label: '@sentry/browser + replay', prefix: 'sentry', entry: 'sentry.entry.ts' },
];

/** The tags a site would paste into its `<head>` for each recorder (bundles served by the sink). */
export function recorderTags(variant: BrowserVariant): string {
  switch (variant.id) {
    case 'none':
      return '';
    case 'cassette':
    case 'cassette-before':
      // The script-tag build, started the way the onboarding page tells a site to.
      return (
        `<script src="/bundles/${variant.id}.js"></script>` +
        `<script>new CassetteTracker({ projectKey: '${PROJECT_KEY}', ingestPoint: location.origin + '/cassette' }).start();</script>`
      );
    default:
      return `<script src="/bundles/${variant.id}.js"></script>`;
  }
}
