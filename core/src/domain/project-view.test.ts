import { describe, expect, it } from 'vitest';
import { projectStatus, RECORDING_WINDOW_MS } from './project-view.js';

describe('project status', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('is red before the first recorded session', () => expect(projectStatus(null, now)).toBe('red'));
  it('is green while sessions arrived within the recording window', () => expect(projectStatus(new Date(now - RECORDING_WINDOW_MS + 1000), now)).toBe('green'));
  it('is yellow once recording stopped', () => expect(projectStatus(new Date(now - RECORDING_WINDOW_MS - 1000), now)).toBe('yellow'));
});
