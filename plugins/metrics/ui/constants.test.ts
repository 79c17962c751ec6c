import { describe, expect, it } from 'vitest';
import { DELETE_METRIC_QUESTION, TOASTS } from './constants.js';

describe('the texts of spec part 1 §8', () => {
  it('are the 16 toasts word for word', () => {
    expect(Object.values(TOASTS).sort()).toEqual(
      [
        'Widget position updated',
        'Error updating widget position',
        'Dashboard created successfully',
        'Dashboard updated successfully',
        'Error saving dashboard',
        'Dashboard deleted successfully',
        'Dashboard could not be deleted',
        'Widget deleted successfully',
        'Widget added successfully',
        'Widget could not be added',
        'Dashboard pinned successfully',
        'Dashboard could not be pinned',
        'Metric created successfully',
        'Metric updated successfully',
        'Error saving metric',
        'Metric deleted successfully',
      ].sort(),
    );
  });

  it("and the metric's delete confirmation", () => {
    expect(DELETE_METRIC_QUESTION).toBe('Are you sure you want to permanently delete this metric?');
  });
});
