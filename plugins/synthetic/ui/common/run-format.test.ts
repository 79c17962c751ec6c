import { describe, expect, it } from 'vitest';
import { lastExecuted, runDuration } from './run-format.js';

describe('run figures', () => {
  it("shows 'Running...' until a run has finished", () => {
    expect(runDuration({ state: 'running', startedAt: 1, finishedAt: null })).toBe('Running...');
    expect(runDuration({ state: 'queued', startedAt: null, finishedAt: null })).toBe('Running...');
  });
  it('shows seconds up to 10 s, then minutes', () => {
    expect(runDuration({ state: 'passed', startedAt: 0, finishedAt: 4_200 })).toBe('4.2 s');
    expect(runDuration({ state: 'failed', startedAt: 0, finishedAt: 10_000 })).toBe('10 s');
    expect(runDuration({ state: 'passed', startedAt: 0, finishedAt: 90_000 })).toBe('1.5 min');
  });
  it('says when a test last ran in days, hrs, min or sec ago', () => {
    const now = 10_000_000_000;
    expect(lastExecuted(now - 5_000, now)).toBe('5 sec ago');
    expect(lastExecuted(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(lastExecuted(now - 3 * 3_600_000, now)).toBe('3 hrs ago');
    expect(lastExecuted(now - 2 * 86_400_000, now)).toBe('2 days ago');
    expect(lastExecuted(null, now)).toBe('Never');
  });
});
