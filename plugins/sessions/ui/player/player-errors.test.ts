import { describe, expect, it } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import { CONNECTION_TEXT, describeRecordingError, describeSessionError, NO_RECORDING_TEXT, RECORDING_FAILED_TEXT, SESSION_NOT_FOUND_TEXT, UNSAFE_REPLAY_TEXT } from './player-errors.js';
import { UnsafeReplayError } from './replay-driver.js';

describe('player errors', () => {
  it('says what to do next for each failure', () => {
    expect(describeRecordingError(new ApiError(404, ['Not found']))).toBe(NO_RECORDING_TEXT);
    expect(describeRecordingError(new ApiError(0, ['Connection error']))).toBe(CONNECTION_TEXT);
    expect(describeRecordingError(new UnsafeReplayError('allow-scripts'))).toBe(UNSAFE_REPLAY_TEXT);
    expect(describeRecordingError(new ApiError(500, ['x']))).toBe(RECORDING_FAILED_TEXT);
    expect(describeSessionError(new ApiError(404, ['x']))).toBe(SESSION_NOT_FOUND_TEXT);
    expect(describeSessionError(new ApiError(0, ['x']))).toContain('Check your network');
  });
});
