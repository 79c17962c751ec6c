import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@cassette/plugin-sdk/ui';
import type { ErrorDetail, ErrorStatusChange } from '../../api.js';
import { errorDetail } from '../../testing/error-fixtures.js';
import type { StatusAction } from '../paths.js';
import { errorDetailMachine } from './error-detail.machine.js';

function start(load: () => Promise<ErrorDetail>, change: (action: StatusAction) => Promise<ErrorStatusChange> = async (action) => ({ errorId: 'e-1', status: action === 'solve' ? 'resolved' : action === 'ignore' ? 'ignored' : 'unresolved', changed: true })) {
  const changeSpy = vi.fn(change);
  const machine = errorDetailMachine.provide({
    actors: {
      loadDetail: fromPromise(load),
      changeStatus: fromPromise(({ input }: { input: { errorId: string; action: StatusAction } }) => changeSpy(input.action)),
    },
  });
  const actor = createActor(machine, { input: { errorId: 'e-1' } }).start();
  return { actor, changeSpy };
}

describe('the error detail machine', () => {
  it('loads the error, then resolves it once and turns the actions off', async () => {
    const { actor, changeSpy } = start(async () => errorDetail());
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'CHANGE_STATUS', action: 'solve' });
    expect(actor.getSnapshot().context.pendingAction).toBe('solve');
    await waitFor(actor, (s) => s.matches({ ready: 'changed' }));
    expect(changeSpy).toHaveBeenCalledWith('solve');
    expect(actor.getSnapshot().context.detail!.status).toBe('resolved');
    expect(actor.getSnapshot().context.disabled).toBe(true);
    actor.send({ type: 'CHANGE_STATUS', action: 'ignore' });
    expect(changeSpy).toHaveBeenCalledTimes(1);
  });

  it('skips a change to the status the error already has', async () => {
    const { actor, changeSpy } = start(async () => errorDetail({ status: 'ignored' }));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'CHANGE_STATUS', action: 'ignore' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(changeSpy).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.disabled).toBe(false);
  });

  it('keeps the actions on, with the reason, when a change fails', async () => {
    const { actor } = start(async () => errorDetail(), async () => {
      throw new ApiError(403, ['You need the Errors permission.']);
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'CHANGE_STATUS', action: 'solve' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context).toMatchObject({ disabled: false, pendingAction: null, statusError: 'You need the Errors permission.' });
    expect(actor.getSnapshot().context.detail!.status).toBe('unresolved');
  });

  it('tells a missing error from a failed load, and retries', async () => {
    let answer: () => Promise<ErrorDetail> = async () => {
      throw new ApiError(404, ['Error not found']);
    };
    const { actor } = start(() => answer());
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.failure).toEqual({ notFound: true, message: 'Error not found' });
    answer = async () => {
      throw new ApiError(0, ['Connection error']);
    };
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.failure).toEqual({ notFound: false, message: 'Connection error' });
    answer = async () => errorDetail();
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('follows the bookmark', async () => {
    const { actor } = start(async () => errorDetail());
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'FAVORITE_CHANGED', favorite: true });
    expect(actor.getSnapshot().context.detail!.favorite).toBe(true);
  });
});
