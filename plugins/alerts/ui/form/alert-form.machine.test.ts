import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Alert } from '../../api.js';
import { alertFixture } from '../../testing/ui-fixtures.js';
import { newDraft, type AlertDraft } from './alert-draft.js';
import { alertFormMachine, type AlertFormEmitted } from './alert-form.machine.js';

function start(draft: AlertDraft, save: (draft: AlertDraft) => Promise<Alert>, remove: (alertId: number) => Promise<void> = async () => {}) {
  const machine = alertFormMachine.provide({
    actors: {
      saveAlert: fromPromise(async ({ input }: { input: { draft: AlertDraft } }) => save(input.draft)),
      deleteAlert: fromPromise(async ({ input }: { input: { alertId: number } }) => remove(input.alertId)),
    },
  });
  const actor = createActor(machine, { input: { draft } });
  const emitted: AlertFormEmitted[] = [];
  actor.on('*', (e) => void emitted.push(e));
  actor.start();
  return { actor, emitted };
}

const valid = { left: 'errors.javascript.count', operator: '>' as const, right: '5' };

describe('the alert form machine', () => {
  it('ignores Save while the alert is invalid, then saves a new alert once and says so', async () => {
    const sent: AlertDraft[] = [];
    const { actor, emitted } = start(newDraft(), async (d) => (sent.push(d), alertFixture(4)));
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'EDIT', patch: valid });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('saving');
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(sent).toHaveLength(1);
    expect(emitted).toEqual([
      { type: 'toast', message: 'Alert created successfully', kind: 'success' },
      { type: 'saved', alert: alertFixture(4), created: true },
    ]);
    expect(actor.getSnapshot().context.draft.alertId).toBe(4);
  });

  it("keeps the server's errors when a save fails", async () => {
    const { actor, emitted } = start({ ...newDraft(), ...valid }, async () => {
      throw Object.assign(new Error('bad'), { errors: ['name: invalid'] });
    });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errors).toEqual(['name: invalid']);
    expect(emitted).toEqual([{ type: 'toast', message: 'Error saving alert', kind: 'error' }]);
  });

  it('deletes only a saved alert, and only after confirmation', async () => {
    const removed: number[] = [];
    const fresh = start(newDraft(), async () => alertFixture(1));
    fresh.actor.send({ type: 'DELETE' });
    expect(fresh.actor.getSnapshot().value).toBe('editing');

    const { actor, emitted } = start({ ...newDraft(), ...valid, alertId: 8 }, async () => alertFixture(8), async (id) => void removed.push(id));
    actor.send({ type: 'DELETE' });
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'DELETE' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(removed).toEqual([8]);
    expect(emitted).toEqual([
      { type: 'toast', message: 'Alert deleted successfully', kind: 'success' },
      { type: 'deleted', alertId: 8 },
    ]);
  });
});
