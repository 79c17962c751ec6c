import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createCapturingLogger } from './capturing-logger.js';
import { createLogger } from './logger.js';

function sink(): Writable & { text(): string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return Object.assign(stream, { text: () => chunks.join('') });
}

describe('createLogger', () => {
  it('writes one JSON object per line by default', () => {
    const out = sink();
    const log = createLogger({ destination: out });
    log.child({ plugin: 'p' }).info({ a: 1 }, 'hello');
    log.debug('below the level');
    const lines = out.text().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 30, plugin: 'p', a: 1, msg: 'hello' });
  });

  it('writes human-readable lines when pretty', () => {
    const out = sink();
    const log = createLogger({ pretty: true, level: 'debug', destination: out });
    log.debug({ jobId: 'j1' }, 'started');
    const text = out.text();
    expect(text).toMatch(/DEBUG.*started/);
    expect(text).toContain('jobId: "j1"');
    expect(() => JSON.parse(text)).toThrow();
  });

  it('refuses an unknown level with a readable message', () => {
    expect(() => createLogger({ level: 'loud' })).toThrow(/Unknown log level "loud"/);
  });
});

describe('createCapturingLogger', () => {
  it('records lines from the logger and its children', () => {
    const log = createCapturingLogger();
    log.info({ a: 1 }, 'hello');
    log.child({ job: 'j' }).child({ attempt: 2 }).error({ b: 2 }, 'failed');
    log.warn('plain');
    expect(log.lines).toEqual([
      { level: 'info', obj: { a: 1 }, msg: 'hello' },
      { level: 'error', obj: { job: 'j', attempt: 2, b: 2 }, msg: 'failed' },
      { level: 'warn', obj: {}, msg: 'plain' },
    ]);
  });
});
