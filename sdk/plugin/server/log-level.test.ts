import { describe, expect, it } from 'vitest';
import { logLevelOf } from './log-level.js';

describe('logLevelOf', () => {
  it('takes the level the tool declared, whatever its casing or name', () => {
    expect(logLevelOf('all fine', 'FATAL')).toBe('error');
    expect(logLevelOf('all fine', 'Critical')).toBe('error');
    expect(logLevelOf('all fine', 'emergency')).toBe('error');
    expect(logLevelOf('something broke', 'WARNING')).toBe('warn');
    expect(logLevelOf('ERROR in text', 'trace')).toBe('debug');
    expect(logLevelOf('ERROR in text', 'notice')).toBe('info');
  });

  it('reads the level the text names when none is declared (or the declared one is not text)', () => {
    expect(logLevelOf('ERROR payment declined')).toBe('error');
    expect(logLevelOf('[warn] slow query')).toBe('warn');
    expect(logLevelOf('DEBUG cache miss', 50)).toBe('debug');
    expect(logLevelOf('user signed in')).toBe('info');
  });

  it('matches whole words only, near the start of the text', () => {
    expect(logLevelOf('terrorist movie listed')).toBe('info');
    expect(logLevelOf(`${'x'.repeat(200)} error`)).toBe('info');
  });
});
