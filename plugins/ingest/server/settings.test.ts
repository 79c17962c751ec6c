import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { ingestSettings } from './settings.js';

describe('ingest settings schema', () => {
  const withDefaults = (raw: Record<string, unknown>) => Value.Default(ingestSettings.schema, structuredClone(raw)) as Record<string, unknown>;

  it('gives every limit a default, so an empty config records with the documented limits', () => {
    expect(withDefaults({})).toEqual({
      sessionSilenceMinutes: 35,
      maxBatchBytes: 1024 * 1024,
      maxDecompressedBytes: 8 * 1024 * 1024,
      flushIntervalMs: 10_000,
      sessionBurst: 30,
      sessionBatchesPerSecond: 2,
      maxBatchEvents: 10_000,
      sessionEventsPerMinute: 30_000,
      sliceEvents: 500,
      maxInFlightBatches: 64,
      maxBacklog: 20_000,
      startBurstPerAddress: 60,
      startsPerSecondPerAddress: 2,
      startBurstPerProject: 2_000,
      startsPerSecondPerProject: 200,
      gapSkipSeconds: 60,
      leaseSeconds: 120,
      sweepEverySeconds: 30,
      tokenTtlHours: 24,
    });
    expect(withDefaults({ sessionSilenceMinutes: 5, trackerScriptPath: '/opt/tracker.js' })).toMatchObject({ sessionSilenceMinutes: 5, trackerScriptPath: '/opt/tracker.js' });
  });

  it('refuses values out of range, of the wrong type, or an empty script path', () => {
    for (const bad of [{ sessionSilenceMinutes: 'soon' }, { maxBacklog: 0 }, { maxInFlightBatches: 1e9 }, { trackerScriptPath: '' }, { maxBatchBytes: 1.5 }, { maxBatchEvents: 50 }, { sessionEventsPerMinute: 2.5 }, { sliceEvents: 0 }]) {
      expect(Value.Check(ingestSettings.schema, withDefaults(bad)), JSON.stringify(bad)).toBe(false);
    }
  });
});
