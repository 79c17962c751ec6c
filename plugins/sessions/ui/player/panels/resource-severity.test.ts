import { describe, expect, it } from 'vitest';
import { resourceSeverity } from './resource-severity.js';

describe('resourceSeverity', () => {
  it('is red for a failed resource whatever its score', () => {
    expect(resourceSeverity({ success: false, score: 0 })).toBe('red');
    expect(resourceSeverity({ success: false, score: 50 })).toBe('red');
  });

  it('is red from a score of 80', () => {
    expect(resourceSeverity({ success: true, score: 80 })).toBe('red');
    expect(resourceSeverity({ success: true, score: 100 })).toBe('red');
  });

  it('is yellow from 10 to 79', () => {
    expect(resourceSeverity({ success: true, score: 10 })).toBe('yellow');
    expect(resourceSeverity({ success: true, score: 79 })).toBe('yellow');
  });

  it('is plain below 10', () => {
    expect(resourceSeverity({ success: true, score: 9 })).toBeNull();
    expect(resourceSeverity({ success: true, score: 0 })).toBeNull();
  });
});
