import { describe, expect, it } from 'vitest';
import { filterResources, resourceGroup, resourceTypeLabel } from './resource-filter.js';
import { sessionFixture } from '../../../testing/session-fixture.js';

const { resources } = sessionFixture();
const names = (list: { name: string }[]) => list.map((r) => r.name);

describe('resourceGroup', () => {
  it('puts xhr, fetch and tracked fetch under fetch/xhr and scripts under js', () => {
    expect(resourceGroup('xhr')).toBe('fetch');
    expect(resourceGroup('fetch')).toBe('fetch');
    expect(resourceGroup('tracked_fetch')).toBe('fetch');
    expect(resourceGroup('script')).toBe('js');
    expect(resourceGroup('other')).toBe('other');
  });
});

describe('filterResources', () => {
  it('filters by type group', () => {
    expect(filterResources(resources, 'all', '')).toHaveLength(resources.length);
    expect(names(filterResources(resources, 'fetch', ''))).toEqual(['espresso-machine', 'items']);
    expect(names(filterResources(resources, 'js', ''))).toEqual(['app.91bc.js']);
    expect(names(filterResources(resources, 'css', ''))).toEqual(['app.77aa.css']);
    expect(names(filterResources(resources, 'img', ''))).toEqual(['logo@2x.png', 'espresso.jpg']);
    expect(names(filterResources(resources, 'media', ''))).toEqual(['howto.mp4']);
    expect(names(filterResources(resources, 'other', ''))).toEqual(['manifest.webmanifest']);
  });

  it('filters by URL, method or status text within the type', () => {
    expect(names(filterResources(resources, 'all', 'cdn.shop'))).toEqual(['logo@2x.png', 'espresso.jpg', 'howto.mp4']);
    expect(names(filterResources(resources, 'all', 'post'))).toEqual(['items']);
    expect(names(filterResources(resources, 'all', '404'))).toEqual(['logo@2x.png']);
    expect(filterResources(resources, 'css', 'cdn')).toEqual([]);
  });
});

describe('resourceTypeLabel', () => {
  it('shows tracked fetches as fetch', () => {
    expect(resourceTypeLabel('tracked_fetch')).toBe('fetch');
    expect(resourceTypeLabel('img')).toBe('img');
  });
});
