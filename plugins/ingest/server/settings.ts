import { Type, type Static } from '@sinclair/typebox';
import { defineSettings } from '@cassette/plugin-sdk/server';

const number = (min: number, max: number, defaultValue: number, description: string) => Type.Number({ minimum: min, maximum: max, default: defaultValue, description });

/**
 * The ingest plugin's settings (`plugins.ingest.settings` in config/cassette.json). Every one
 * has a default; the kernel refuses to boot on a wrong value rather than silently recording
 * with a limit nobody chose.
 */
export const ingestSettings = defineSettings(
  'ingest',
  Type.Object({
    sessionSilenceMinutes: number(0.01, 24 * 60, 35, 'a session with no batch for this long is ended (longer than the tracker\'s 30 minutes hidden)'),
    maxBatchBytes: Type.Integer({ minimum: 16 * 1024, maximum: 64 * 1024 * 1024, default: 1024 * 1024, description: 'largest batch body as sent, compressed or not (bytes); the tracker is told to stay under it' }),
    maxDecompressedBytes: number(1024, 256 * 1024 * 1024, 8 * 1024 * 1024, 'largest batch after gunzip (bytes): bigger is refused as a possible gzip bomb'),
    flushIntervalMs: number(500, 600_000, 10_000, 'how often the tracker is told to flush (ms)'),
    sessionBurst: number(1, 100_000, 30, 'per session: burst of batches allowed before the sustained rate applies'),
    sessionBatchesPerSecond: number(0.001, 100_000, 2, 'per session: sustained batches per second'),
    maxBatchEvents: Type.Integer({
      minimum: 100,
      maximum: 250_000,
      default: 10_000,
      description: 'most events (recording and semantic together) one batch may hold, else 413; the tracker is told to stay under it',
    }),
    sessionEventsPerMinute: Type.Integer({
      minimum: 100,
      maximum: 100_000_000,
      default: 30_000,
      description: 'per session: events (recording and semantic) a minute; a batch is refused (429) while its session is over',
    }),
    sliceEvents: Type.Integer({
      minimum: 10,
      maximum: 250_000,
      default: 500,
      description: 'processors that take slices get a bigger batch in slices of this many events, other sessions\' work running between them',
    }),
    startBurstPerAddress: number(1, 100_000, 60, 'session starts (and resumes, one per page load) one client address may make at once'),
    startsPerSecondPerAddress: number(0.001, 100_000, 2, 'session starts per second one client address may make after its burst'),
    startBurstPerProject: number(1, 1_000_000, 2_000, 'session starts one project key may receive at once'),
    startsPerSecondPerProject: number(0.001, 1_000_000, 200, 'session starts per second one project key may receive after its burst'),
    maxInFlightBatches: number(1, 100_000, 64, 'batches being stored at once in this process before new ones get 503'),
    maxBacklog: number(1, 100_000_000, 20_000, 'stored but unprocessed batches (all sessions) before new ones get 503'),
    gapSkipSeconds: number(0, 86_400, 60, 'a missing sequence number blocks later batches for this long, then it is skipped'),
    leaseSeconds: number(1, 86_400, 120, "a worker's hold on a session; a crashed worker's hold lapses after this"),
    sweepEverySeconds: number(0.05, 86_400, 30, 'how often sessions are checked for silence and unprocessed batches'),
    tokenTtlHours: number(0.001, 24 * 30, 24, 'session tokens are refused after this'),
    trackerScriptPath: Type.Optional(Type.String({ minLength: 1, description: "where the built tracker script is; the @cassette/tracker package's dist/tracker.js by default" })),
  }),
);

export type IngestSettings = Static<typeof ingestSettings.schema>;
