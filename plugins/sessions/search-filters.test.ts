import { describe, expect, it } from 'vitest';
import { HttpError } from '@cassette/plugin-sdk/server';
import { applyTabFilters } from './search-filters.js';
import { Conditions } from './session-query.js';

describe('applyTabFilters', () => {
  it('keeps every value in parameters', () => {
    const c = applyTabFilters(new Conditions().where('s.project_id = ?', 7), { bookmarked: true, filters: [{ type: 'ISSUE', operator: 'isAny', value: ['click_rage', 'crash', 'click_rage'] }] }, 42);
    expect(c.params).toEqual([7, 42, ['click_rage', 'crash']]);
    expect(c.sql).not.toContain('click_rage');
    expect(c.sql).toContain('sessions_favorites');
  });

  it('adds nothing for the all tab and for filters it does not read', () => {
    const c = applyTabFilters(new Conditions(), { bookmarked: false, filters: [{ type: 'USEROS', operator: 'is', value: ['Linux'] }] }, 1);
    expect(c.sql).toBe('true');
    expect(c.params).toEqual([]);
  });

  it('refuses an unknown issue type with a 400 naming the known ones', () => {
    let error: unknown;
    try {
      applyTabFilters(new Conditions(), { filters: [{ type: 'ISSUE', operator: 'is', value: ['clickrage'] }] }, 1);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    expect((error as HttpError).message).toMatch(/Unknown issue type "clickrage".*click_rage/);
  });
});
