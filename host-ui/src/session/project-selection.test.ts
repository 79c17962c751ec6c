import { describe, expect, it } from 'vitest';
import { parseStoredId, pathForProject, pickProjectId } from './project-selection.js';

const projects = [{ id: 4 }, { id: 7 }, { id: 9 }];

describe('pickProjectId', () => {
  it('keeps the current project when listed', () => {
    expect(pickProjectId(projects, 9, 7)).toBe(7);
  });
  it('falls back to the stored project when the current one is not listed', () => {
    expect(pickProjectId(projects, 9, 100)).toBe(9);
    expect(pickProjectId(projects, 9, null)).toBe(9);
  });
  it('falls back to the first project when neither is listed', () => {
    expect(pickProjectId(projects, 100, 200)).toBe(4);
    expect(pickProjectId(projects, null, null)).toBe(4);
  });
  it('gives null without projects', () => {
    expect(pickProjectId([], 1, 1)).toBeNull();
  });
});

describe('pathForProject', () => {
  it('goes to the same kind of page of the new project', () => {
    expect(pathForProject('/4/errors/abc', 7)).toBe('/7/errors');
    expect(pathForProject('/4/errors', 7)).toBe('/7/errors');
    expect(pathForProject('/4/session/xyz', 7)).toBe('/7/sessions');
    expect(pathForProject('/4/dashboard/3/metric/2', 7)).toBe('/7/dashboard');
    expect(pathForProject('/4', 7)).toBe('/7/sessions');
  });
  it('keeps the session filter on the session list only, without the page or the saved search (spec part 1 §4)', () => {
    const filter = 'filters=%5B%7B%22type%22%3A%22USEROS%22%7D%5D&rangeValue=TODAY';
    expect(pathForProject('/4/sessions', 7, `?${filter}&page=3&savedSearch=12`)).toBe(`/7/sessions?${filter}`);
    expect(pathForProject('/4/sessions', 7, '?page=2')).toBe('/7/sessions');
    expect(pathForProject('/4/errors', 7, '?q=cart&view=ignored')).toBe('/7/errors');
    expect(pathForProject('/4/session/xyz', 7, '?t=12')).toBe('/7/sessions');
  });
  it('leaves non-project pages alone', () => {
    expect(pathForProject('/client/projects', 7)).toBe('/client/projects');
  });
});

describe('parseStoredId', () => {
  it('parses digits only', () => {
    expect(parseStoredId('12')).toBe(12);
    expect(parseStoredId('x')).toBeNull();
    expect(parseStoredId(null)).toBeNull();
  });
});
