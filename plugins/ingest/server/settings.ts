/**
 * The ingest plugin's settings from config/cassette.json (`plugins.ingest.settings`). Every
 * one has a default; a wrong value stops the boot with a message rather than silently
 * recording with a limit nobody chose.
 */
export interface IngestSettings {
  /** A session with no batch for this long is ended (longer than the tracker's 30 minutes hidden). */
  sessionSilenceMinutes: number;
  /** Largest batch after gunzip (bytes): bigger is refused as a possible gzip bomb. */
  maxDecompressedBytes: number;
  /** How often the tracker is told to flush (ms). */
  flushIntervalMs: number;
  /** Per session: burst of batches allowed, then `batchesPerSecond` sustained. */
  sessionBurst: number;
  sessionBatchesPerSecond: number;
  /** Batches being stored at once in this process before new ones get 503. */
  maxInFlightBatches: number;
  /** Stored but unprocessed batches (all sessions) before new ones get 503. */
  maxBacklog: number;
  /** A missing sequence number blocks later batches for this long, then it is skipped. */
  gapSkipSeconds: number;
  /** A worker's hold on a session; a crashed worker's hold lapses after this. */
  leaseSeconds: number;
  sweepEverySeconds: number;
  /** Session tokens are refused after this. */
  tokenTtlHours: number;
  /** Where the built tracker script is; defaults to the @cassette/tracker package's dist/tracker.js. */
  trackerScriptPath?: string;
}

/** Largest batch body as sent (bytes, compressed or not); fixed because routes are declared before settings are read. */
export const MAX_BATCH_BYTES = 1024 * 1024;

export const DEFAULT_SETTINGS: Omit<IngestSettings, 'trackerScriptPath'> = {
  sessionSilenceMinutes: 35,
  maxDecompressedBytes: 8 * 1024 * 1024,
  flushIntervalMs: 10_000,
  sessionBurst: 30,
  sessionBatchesPerSecond: 2,
  maxInFlightBatches: 64,
  maxBacklog: 20_000,
  gapSkipSeconds: 60,
  leaseSeconds: 120,
  sweepEverySeconds: 30,
  tokenTtlHours: 24,
};

const LIMITS: Record<keyof typeof DEFAULT_SETTINGS, [min: number, max: number]> = {
  sessionSilenceMinutes: [0.01, 24 * 60],
  maxDecompressedBytes: [1024, 256 * 1024 * 1024],
  flushIntervalMs: [500, 600_000],
  sessionBurst: [1, 100_000],
  sessionBatchesPerSecond: [0.001, 100_000],
  maxInFlightBatches: [1, 100_000],
  maxBacklog: [1, 100_000_000],
  gapSkipSeconds: [0, 86_400],
  leaseSeconds: [1, 86_400],
  sweepEverySeconds: [0.05, 86_400],
  tokenTtlHours: [0.001, 24 * 30],
};

export function readSettings(raw: Record<string, unknown>): IngestSettings {
  const out: IngestSettings = { ...DEFAULT_SETTINGS };
  for (const [key, [min, max]] of Object.entries(LIMITS) as [keyof typeof DEFAULT_SETTINGS, [number, number]][]) {
    const value = raw[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      throw new Error(`ingest: settings.${key} must be a number between ${min} and ${max} (got ${JSON.stringify(value)})`);
    }
    out[key] = value;
  }
  if (raw.trackerScriptPath !== undefined) {
    if (typeof raw.trackerScriptPath !== 'string' || raw.trackerScriptPath === '') throw new Error('ingest: settings.trackerScriptPath must be a file path');
    out.trackerScriptPath = raw.trackerScriptPath;
  }
  return out;
}
