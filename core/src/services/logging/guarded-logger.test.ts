import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCapturingLogger } from '../capturing-logger.js';
import { createLogger } from '../logger.js';
import { guardLogger } from './guarded-logger.js';

const PAYLOAD = 'RECORDED-PAYLOAD-'.repeat(800); // ~13.6 KB, like the reviewed request

/** The error PGlite/PostgreSQL raise through MikroORM: the statement with the values inlined, and the row. */
function driverError(): Error {
  const query = `insert into "ingest_events" ("session_id", "body") values ('s-1', '${PAYLOAD}') returning "id"`;
  return Object.assign(new Error('invalid input syntax for type json'), {
    name: 'error',
    code: '22P02',
    severity: 'ERROR',
    query,
    params: [PAYLOAD],
    detail: `Failing row contains (s-1, ${PAYLOAD}).`,
    where: `JSON data, line 1: ${PAYLOAD}`,
    internalQuery: query,
    table: 'ingest_events',
  });
}

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

describe('guardLogger: entry size', () => {
  it('logs a database error with its statement shape, without the recorded data, in a few KB', () => {
    const out = sink();
    const log = guardLogger(createLogger({ destination: out }));
    log.child({ sessionId: 's-1' }).error({ err: driverError(), processor: 'events' }, 'ingest processor "events" failed');
    const text = out.text();
    expect(text).not.toContain('RECORDED-PAYLOAD');
    expect(text.length).toBeLessThan(4 * 1024);
    const line = JSON.parse(text) as { err: Record<string, unknown>; sessionId: string; processor: string };
    expect(line).toMatchObject({ sessionId: 's-1', processor: 'events' });
    expect(line.err).toMatchObject({ message: 'invalid input syntax for type json', code: '22P02', table: 'ingest_events' });
    expect(line.err.query).toBe(`insert into "ingest_events" ("session_id", "body") values (?, ?) returning "id"`);
    expect(line.err.stack).toMatch(/invalid input syntax/);
  });

  it('removes the statement where a driver repeats it in the message, and follows causes', () => {
    const inner = driverError();
    const wrapped = new Error(`${(inner as unknown as { query: string }).query} - invalid input syntax`, { cause: inner });
    Object.assign(wrapped, { sql: (inner as unknown as { query: string }).query });
    const log = createCapturingLogger();
    guardLogger(log).error({ err: wrapped }, 'failed');
    const text = JSON.stringify(log.lines);
    expect(text).not.toContain('RECORDED-PAYLOAD');
    expect(log.lines[0]!.obj).toMatchObject({ err: { message: 'insert into "ingest_events" ("session_id", "body") values (?, ?) returning "id" - invalid input syntax', cause: { code: '22P02' } } });
  });

  it('caps every string, array and object, and the entry as a whole', () => {
    const log = createCapturingLogger();
    const body = { fields: Array.from({ length: 40 }, (_, i) => ({ [`f${i}`]: 'x'.repeat(1500) })), list: Array.from({ length: 500 }, (_, i) => i), nested: { a: { b: { c: { d: { e: { f: { g: 'deep' } } } } } } } };
    guardLogger(log).warn({ big: 'y'.repeat(100_000), body }, 'z'.repeat(10_000));
    const line = log.lines[0]!;
    expect(JSON.stringify(line).length).toBeLessThan(24 * 1024);
    expect(line.msg).toMatch(/^z{2048}… \[7952 more characters\]$/);
    const obj = line.obj as { big: string; body: { list: unknown[] } };
    expect(obj.big).toMatch(/^y{2048}… \[97952 more characters\]$/);
    // The entry's budget ran out inside the fields: the rest is counted, not written.
    expect(JSON.stringify(obj.body)).toMatch(/more items|more keys/);
    const small = createCapturingLogger();
    guardLogger(small).info({ list: Array.from({ length: 500 }, (_, i) => i), nested: body.nested });
    const smallObj = small.lines[0]!.obj as { list: unknown[] };
    expect(smallObj.list).toHaveLength(51);
    expect(smallObj.list[50]).toBe('[450 more items]');
    expect(JSON.stringify(smallObj)).toContain('"e":"[object]"');
  });

  it('logs an error handed as the whole object under err, as pino does', () => {
    const log = createCapturingLogger();
    guardLogger(log).error(driverError());
    expect(JSON.stringify(log.lines)).not.toContain('RECORDED-PAYLOAD');
    expect(log.lines[0]!.obj).toMatchObject({ err: { code: '22P02' } });
  });

  it('survives cycles and leaves ordinary lines as they were', () => {
    const log = createCapturingLogger();
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const guarded = guardLogger(log);
    guarded.info({ cyclic }, 'with a cycle');
    guarded.child({ job: 'j' }).info({ n: 2, at: 'x' }, 'plain');
    guarded.debug('just text');
    expect(log.lines).toEqual([
      { level: 'info', obj: { cyclic: { a: 1, self: '[circular]' } }, msg: 'with a cycle' },
      { level: 'info', obj: { job: 'j', n: 2, at: 'x' }, msg: 'plain' },
      { level: 'debug', obj: {}, msg: 'just text' },
    ]);
  });
});

describe('guardLogger: repeated failures', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes an error that repeats within the window once, then one line with the count', () => {
    const log = createCapturingLogger();
    const guarded = guardLogger(log, { repeatWindowMs: 60_000 });
    for (let i = 0; i < 500; i++) guarded.child({ sessionId: `s-${i}` }).error({ err: driverError(), processor: 'events' }, 'ingest processor "events" failed');
    guarded.error({ err: new Error('something else') }, 'ingest processor "events" failed');
    expect(log.lines).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(log.lines).toHaveLength(3);
    expect(log.lines[2]).toMatchObject({ level: 'error', obj: { sessionId: 's-0', repeated: 499, windowSeconds: 60 }, msg: 'ingest processor "events" failed (repeated 499 more times; not logged)' });
    // A new window starts afresh.
    guarded.error({ err: driverError(), processor: 'events' }, 'ingest processor "events" failed');
    expect(log.lines).toHaveLength(4);
    vi.advanceTimersByTime(60_000);
    expect(log.lines).toHaveLength(4);
  });

  it('does not fold info lines, nor warnings with different messages', () => {
    const log = createCapturingLogger();
    const guarded = guardLogger(log);
    for (let i = 0; i < 3; i++) guarded.info('tick');
    guarded.warn('one');
    guarded.warn('two');
    expect(log.lines.map((l) => l.msg)).toEqual(['tick', 'tick', 'tick', 'one', 'two']);
  });
});
