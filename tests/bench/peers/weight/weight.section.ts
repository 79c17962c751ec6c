import { join, relative } from 'node:path';
import type { BenchSection, BenchTable, SectionOptions, SectionResult } from '../../suite/section.js';
import { bundleEntry, shippedFile, type BundleWeight } from './bundle.js';
import { addSizes, kilobytes, timesOurs, type ByteSizes } from './byte-sizes.js';
import { packageVersion, RECORDERS, REPO_ROOT, type Recorder } from './recorders.js';
import { ensureTrackerBuilt } from '../../../../scripts/setup.mjs';

interface RecorderWeight {
  id: string;
  name: string;
  versions: Record<string, string>;
  bundled: boolean;
  atStart: ByteSizes;
  later: ByteSizes;
  total: ByteSizes;
  /** Gzip bytes as a multiple of our npm entry's. */
  timesOursGzip: number | null;
  files: { file: string; lazy: boolean; sizes: ByteSizes }[];
  fetchedLater: { file: string; from: string } | null;
}

async function weigh(recorder: Recorder, workDir: string): Promise<BundleWeight> {
  const weight = 'bundle' in recorder.source ? await bundleEntry(recorder.source.bundle, join(workDir, recorder.id)) : shippedFile(recorder.source.shipped);
  if (!recorder.fetchedLater) return weight;
  const later = shippedFile(recorder.fetchedLater.file, true);
  return { atStart: weight.atStart, later: addSizes(weight.later, later.later), files: [...weight.files, ...later.files] };
}

function label(recorder: Recorder, versions: Record<string, string>): string {
  return `${recorder.name} (${Object.entries(versions).map(([name, version]) => `${name} ${version}`).join(', ')})`;
}

function whatLoadsLater(recorder: Recorder, weight: RecorderWeight): string {
  if (recorder.fetchedLater) return `the recorder, from ${recorder.fetchedLater.from}`;
  const chunks = weight.files.filter((f) => f.lazy && f.file !== weight.fetchedLater?.file).length;
  return chunks === 0 ? 'nothing' : `${chunks} chunk(s) through import()`;
}

function splitNote(weights: RecorderWeight[]): string {
  const splitting = weights.filter((w) => w.files.some((f) => f.lazy && f.file !== w.fetchedLater?.file)).map((w) => w.name);
  return splitting.length === 0
    ? 'No recorder splits its npm code with import(): each bundle came out as one file.'
    : `Split with import() into chunks loaded later: ${splitting.join(', ')}.`;
}

function tables(weights: RecorderWeight[], recorders: Recorder[]): BenchTable[] {
  const byId = new Map(recorders.map((r) => [r.id, r]));
  const main = weights.filter((w) => byId.get(w.id)!.inMainTable);
  return [
    {
      title: 'Tracker weight: each recorder set up as its docs say, bundled the same way',
      head: ['recorder', 'min KB', 'gzip KB', 'brotli KB', '× ours (gzip)'],
      rows: main.map((w) => [label(byId.get(w.id)!, w.versions), kilobytes(w.total.min), kilobytes(w.total.gzip), kilobytes(w.total.brotli), w.timesOursGzip]),
      notes: [
        'Bundled with esbuild from an ES module entry that imports and starts the recorder: browser platform, es2020, minified, tree-shaken, NODE_ENV=production, code splitting on; gzip level 9, brotli quality 11; KB = 1,024 bytes.',
        '× ours: gzip bytes divided by those of our npm entry bundled the same way. Our script build is measured as it ships (the script-tag file, already minified).',
        'Everything the recorder needs to record counts, including what it would load later: the PostHog row bundles posthog-js/dist/posthog-recorder (the side-effect import PostHog documents for bundling the recorder).',
        "Each row is the whole SDK a site installs to record sessions: PostHog's includes its product analytics, Sentry's its error monitoring; ours also captures console, network, errors and performance.",
        'OpenReplay, Sentry, PostHog and rrweb start Web Workers from code inlined in their bundles (compression, canvas); it is counted. rrweb alone is @rrweb/record unchanged; our build cuts the rrweb code for options it never turns on (canvas, fonts, cross-origin iframes).',
      ],
    },
    {
      title: 'Loaded at start and loaded later (default setups)',
      head: ['recorder', 'at start gzip KB', 'later gzip KB', 'total gzip KB', 'loaded later'],
      rows: weights.map((w) => [byId.get(w.id)!.name, kilobytes(w.atStart.gzip), kilobytes(w.later.gzip), kilobytes(w.total.gzip), whatLoadsLater(byId.get(w.id)!, w)]),
      notes: [
        splitNote(weights),
        "PostHog by default fetches its recorder from its assets host once recording is on for the project; the later figure is that file (dist/lazy-recorder.js of the same posthog-js version), measured as it ships.",
      ],
    },
  ];
}

async function runWeight(options: SectionOptions): Promise<SectionResult> {
  // Builds only when the tracker's sources are newer than its last build.
  ensureTrackerBuilt();
  const workDir = join(options.workDir, 'weight');
  const measured: { recorder: Recorder; weight: BundleWeight; versions: Record<string, string> }[] = [];
  for (const recorder of RECORDERS) {
    options.progress(`weight: ${recorder.name}`);
    const versions = Object.fromEntries(recorder.packages.map((name) => [name, packageVersion(name)]));
    measured.push({ recorder, weight: await weigh(recorder, workDir), versions });
  }
  const reference = measured.find((m) => m.recorder.reference);
  if (!reference) throw new Error('no reference recorder to compare with');
  const ours = addSizes(reference.weight.atStart, reference.weight.later).gzip;
  const weights: RecorderWeight[] = measured.map(({ recorder, weight, versions }) => {
    const total = addSizes(weight.atStart, weight.later);
    return {
      id: recorder.id,
      name: recorder.name,
      versions,
      bundled: 'bundle' in recorder.source,
      atStart: weight.atStart,
      later: weight.later,
      total,
      timesOursGzip: timesOurs(total.gzip, ours),
      files: weight.files.map((f) => ({ ...f, file: relative(REPO_ROOT, f.file) })),
      fetchedLater: recorder.fetchedLater ? { file: relative(REPO_ROOT, recorder.fetchedLater.file), from: recorder.fetchedLater.from } : null,
    };
  });
  const method = 'esbuild bundle of an ES module entry: browser, es2020, minify, tree shaking, NODE_ENV=production, splitting; gzip level 9, brotli quality 11';
  return { id: 'weight', tables: tables(weights, RECORDERS), data: { method, reference: reference.recorder.id, recorders: weights } };
}

export const weightSection: BenchSection = { id: 'weight', title: 'Tracker weight', run: runWeight };
