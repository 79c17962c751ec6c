import { afterEach, describe, expect, it } from 'vitest';
import type { PubSubRuntime } from './pubsub-runtime.js';
import { waitFor } from '../contract-support/wait-for.js';


/**
 * What every pub/sub backend owes its callers. "Did not arrive" is shown by order,
 * not by waiting: a message published later on a watched channel arriving proves
 * the earlier one would have arrived by then.
 */
export function pubSubContract(name: string, make: () => Promise<PubSubRuntime> | PubSubRuntime): void {
  describe(`PubSubRuntime contract: ${name}`, () => {
    const made: PubSubRuntime[] = [];
    const pubsub = async (): Promise<PubSubRuntime> => {
      const ps = await make();
      made.push(ps);
      return ps;
    };

    afterEach(async () => {
      await Promise.all(made.splice(0).map((ps) => ps.close()));
    });

    it('delivers a published message to a subscriber, as JSON', async () => {
      const ps = await pubsub();
      const got: unknown[] = [];
      await ps.subscribe('live.session', (m) => got.push(m));

      const sent = { sessionId: 7, events: [{ t: 1, kind: 'click' }], at: new Date(0) };
      await ps.publish('live.session', sent);

      await waitFor('the message', () => got.length === 1);
      expect(got[0]).toEqual({ sessionId: 7, events: [{ t: 1, kind: 'click' }], at: '1970-01-01T00:00:00.000Z' });
      expect(got[0]).not.toBe(sent);
    });

    it('delivers in publish order to every subscriber', async () => {
      const ps = await pubsub();
      const a: unknown[] = [];
      const b: unknown[] = [];
      await ps.subscribe('fanout', (m) => a.push(m));
      await ps.subscribe('fanout', (m) => b.push(m));

      for (const n of [1, 2, 3]) await ps.publish('fanout', n);

      await waitFor('both subscribers', () => a.length === 3 && b.length === 3);
      expect(a).toEqual([1, 2, 3]);
      expect(b).toEqual([1, 2, 3]);
    });

    it('stops delivering to a subscriber that unsubscribed, not to the others', async () => {
      const ps = await pubsub();
      const gone: unknown[] = [];
      const stays: unknown[] = [];
      const unsubscribe = await ps.subscribe('chan', (m) => gone.push(m));
      await ps.subscribe('chan', (m) => stays.push(m));
      await ps.publish('chan', 'first');
      await waitFor('the first message', () => gone.length === 1 && stays.length === 1);

      await unsubscribe();
      await unsubscribe();
      await ps.publish('chan', 'second');

      await waitFor('the second message', () => stays.length === 2);
      expect(gone).toEqual(['first']);
      expect(stays).toEqual(['first', 'second']);
    });

    it('stops delivery once the last subscriber left, and resumes on a new one', async () => {
      const ps = await pubsub();
      const old: unknown[] = [];
      const fresh: unknown[] = [];
      const probe: unknown[] = [];
      await ps.subscribe('probe', (m) => probe.push(m));
      const unsubscribe = await ps.subscribe('room', (m) => old.push(m));
      await unsubscribe();

      await ps.publish('room', 'nobody listens');
      await ps.publish('probe', 'after');
      await waitFor('the probe', () => probe.length === 1);
      expect(old).toEqual([]);

      await ps.subscribe('room', (m) => fresh.push(m));
      await ps.publish('room', 'back');
      await waitFor('the resumed channel', () => fresh.length === 1);
      expect(fresh).toEqual(['back']);
      expect(old).toEqual([]);
    });

    it('keeps channels apart', async () => {
      const ps = await pubsub();
      const one: unknown[] = [];
      const two: unknown[] = [];
      await ps.subscribe('project.1', (m) => one.push(m));
      await ps.subscribe('project.2', (m) => two.push(m));

      await ps.publish('project.1', 'for one');
      await ps.publish('project.2', 'for two');
      await ps.publish('project.3', 'for nobody');

      await waitFor('both channels', () => one.length === 1 && two.length === 1);
      await ps.publish('project.2', 'marker');
      await waitFor('the marker', () => two.length === 2);
      expect(one).toEqual(['for one']);
      expect(two).toEqual(['for two', 'marker']);
    });

    it('keeps delivering to other subscribers when a handler throws', async () => {
      const ps = await pubsub();
      const got: unknown[] = [];
      await ps.subscribe('fragile', () => {
        throw new Error('handler bug');
      });
      await ps.subscribe('fragile', (m) => got.push(m));

      await ps.publish('fragile', 1);
      await ps.publish('fragile', 2);

      await waitFor('both messages', () => got.length === 2);
      expect(got).toEqual([1, 2]);
    });

    it('refuses a message that is not JSON', async () => {
      const ps = await pubsub();
      await expect(ps.publish('chan', undefined)).rejects.toThrow(/not JSON-serialisable/);
    });
  });
}
