import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { defineEvent } from '@cassette/plugin-sdk';
import { EventBus } from './event-bus.js';
import { createCapturingLogger } from '../services/capturing-logger.js';

const ended = defineEvent('sessions.ended', 1, Type.Object({ sessionId: Type.String() }));
const endedV2 = defineEvent('sessions.ended', 2, Type.Object({ sessionId: Type.String(), durationMs: Type.Integer() }));

describe('EventBus', () => {
  it('delivers to subscribers of the same version only', async () => {
    const bus = new EventBus(createCapturingLogger());
    const v1: unknown[] = [];
    const v2: unknown[] = [];
    bus.subscribe('a', ended, async (p) => void v1.push(p));
    bus.subscribe('b', endedV2, async (p) => void v2.push(p));
    await bus.publish(ended, { sessionId: 's1' });
    expect(v1).toEqual([{ sessionId: 's1' }]);
    expect(v2).toEqual([]);
  });

  it('refuses a payload that breaks the schema', async () => {
    const bus = new EventBus(createCapturingLogger());
    await expect(bus.publish(ended, { sessionId: 1 } as never)).rejects.toThrow(/sessions.ended@v1 payload is invalid/);
  });

  it('keeps delivering when one handler throws, and logs it', async () => {
    const log = createCapturingLogger();
    const bus = new EventBus(log);
    const got: string[] = [];
    bus.subscribe('bad', ended, async () => {
      throw new Error('boom');
    });
    bus.subscribe('good', ended, async (p) => void got.push((p as { sessionId: string }).sessionId));
    await bus.publish(ended, { sessionId: 's2' });
    expect(got).toEqual(['s2']);
    expect(log.lines.some((l) => l.level === 'error')).toBe(true);
  });
});
