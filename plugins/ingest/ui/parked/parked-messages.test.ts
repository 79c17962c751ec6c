import { describe, expect, it } from 'vitest';
import type { ParkedStep } from '../../shared/parked.js';
import { retryAllMessage, retryMessage } from './parked-messages.js';

const END: ParkedStep = { id: 3, projectId: 7, projectName: 'Shop', sessionId: '1795689430094010557', step: 'sessionEnded', processor: 'sessions.endPublisher', error: 'Error: x', attempts: 10, parkedAt: 0 };

describe('what a retry tells the admin', () => {
  it('names the step and says what happened', () => {
    expect(retryMessage(END, { id: 3, outcome: 'gone' })).toEqual({ text: `Session end of session ${END.sessionId} has nothing left to process: the session or its recording was deleted.`, kind: 'info' });
    expect(retryMessage(END, { id: 3, outcome: 'failing' })).toEqual({ text: 'Session end still fails in sessions.endPublisher: Error: x Fix the cause (the full error is in the server log), then retry.', kind: 'error' });
  });

  it('sums up a retry of all, with what is left and what to do next', () => {
    expect(retryAllMessage({ processed: 1, failing: 2, gone: 1, busy: 1, remaining: 3 })).toEqual({
      text: '1 step processed, 1 gone with their session, 2 still failing, 1 skipped while their session was being processed. 3 steps still parked. Fix the cause (the full error is in the server log), then retry.',
      kind: 'error',
    });
    expect(retryAllMessage({ processed: 0, failing: 0, gone: 0, busy: 2, remaining: 2 })).toEqual({
      text: '0 steps processed, 2 skipped while their session was being processed. 2 steps still parked. Retry again in a minute.',
      kind: 'info',
    });
  });
});
