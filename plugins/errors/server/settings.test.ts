import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { errorsSettings } from './settings.js';

describe('errors settings schema', () => {
  const withDefaults = (raw: Record<string, unknown>) => Value.Default(errorsSettings.schema, structuredClone(raw)) as Record<string, unknown>;

  it('bounds decoded source maps at 256 MiB unless the config says otherwise', () => {
    expect(withDefaults({})).toEqual({ sourceMapCacheBytes: 256 * 1024 * 1024 });
    expect(withDefaults({ sourceMapCacheBytes: 64 * 1024 * 1024 })).toEqual({ sourceMapCacheBytes: 64 * 1024 * 1024 });
  });

  it('refuses a bound below 1 MiB, a fraction or a text', () => {
    for (const bad of [{ sourceMapCacheBytes: 1000 }, { sourceMapCacheBytes: 1.5 * 1024 * 1024 + 0.5 }, { sourceMapCacheBytes: '256MB' }]) {
      expect(Value.Check(errorsSettings.schema, withDefaults(bad)), JSON.stringify(bad)).toBe(false);
    }
  });
});
