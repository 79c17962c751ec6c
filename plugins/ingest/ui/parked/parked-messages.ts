import type { ToastKind } from '@cassette/plugin-sdk/ui';
import { stepLabel, type ParkedStep, type RetryAllOutcome, type RetryOutcome } from '../../shared/parked.js';

/** What to do when a step keeps failing: the parked error is a summary, the server log has the rest. */
export const FIX_THEN_RETRY = 'Fix the cause (the full error is in the server log), then retry.';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The toast after one retry: what happened to the step, and what to do next. */
export function retryMessage(step: ParkedStep, outcome: RetryOutcome): { text: string; kind: ToastKind } {
  const what = capitalized(stepLabel(step));
  switch (outcome.outcome) {
    case 'processed':
      return { text: `${what} of session ${step.sessionId} was processed.`, kind: 'success' };
    case 'gone':
      return { text: `${what} of session ${step.sessionId} has nothing left to process: the session or its recording was deleted.`, kind: 'info' };
    default:
      return { text: `${what} still fails in ${outcome.processor ?? step.processor}: ${outcome.error ?? step.error} ${FIX_THEN_RETRY}`, kind: 'error' };
  }
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The toast after "Retry all". */
export function retryAllMessage(outcome: RetryAllOutcome): { text: string; kind: ToastKind } {
  const done = [`${count(outcome.processed, 'step')} processed`];
  if (outcome.gone) done.push(`${outcome.gone} gone with their session`);
  if (outcome.failing) done.push(`${outcome.failing} still failing`);
  if (outcome.busy) done.push(`${outcome.busy} skipped while their session was being processed`);
  const left = outcome.remaining ? ` ${count(outcome.remaining, 'step')} still parked.` : ' Nothing is parked any more.';
  const advice = outcome.failing ? ` ${FIX_THEN_RETRY}` : outcome.remaining ? ' Retry again in a minute.' : '';
  const kind: ToastKind = outcome.failing ? 'error' : outcome.processed || outcome.gone ? 'success' : 'info';
  return { text: `${done.join(', ')}.${left}${advice}`, kind };
}
