import { ApiError } from '@cassette/plugin-sdk/ui';
import { UnsafeReplayError } from './replay-driver.js';

export const NO_RECORDING_TEXT = 'This session has no recording yet: it may still be processing; try again in a minute.';
export const SESSION_NOT_FOUND_TEXT = 'This session does not exist or was deleted. Go back to the sessions list and choose another one.';
export const CONNECTION_TEXT = 'Connection error: the recording could not be downloaded. Check your network, then try again.';
export const UNSAFE_REPLAY_TEXT = 'This browser could not open the replay in a safe sandbox, so it is not shown. Update the browser, then reload the page.';
export const RECORDING_FAILED_TEXT = 'Part of the recording could not be loaded. Try again; if it keeps failing, reload the page.';
export const SESSION_FAILED_TEXT = 'The session could not be loaded. Try again; if it keeps failing, reload the page.';

/** Every error the player shows says what to do next. */
export function describeRecordingError(error: unknown): string {
  if (error instanceof UnsafeReplayError) return UNSAFE_REPLAY_TEXT;
  if (error instanceof ApiError) {
    if (error.status === 404) return NO_RECORDING_TEXT;
    if (error.status === 0) return CONNECTION_TEXT;
  }
  return RECORDING_FAILED_TEXT;
}

export function describeSessionError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return SESSION_NOT_FOUND_TEXT;
    if (error.status === 0) return CONNECTION_TEXT.replace('the recording', 'the session');
  }
  return SESSION_FAILED_TEXT;
}
