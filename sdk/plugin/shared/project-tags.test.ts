import { describe, expect, it } from 'vitest';
import { readProjectTags, type ProjectTag } from './project-tags.js';

const stored: ProjectTag[] = [{ id: 3, name: 'checkout', color: '#ff0000', description: '', iconUrl: '' }];

describe('project tags', () => {
  it('keeps the id of a tag sent back, gives new tags the next ids, and fills the defaults', () => {
    const read = readProjectTags([{ id: 3, name: ' Checkout ', color: '#00FF00' }, { name: 'beta', description: ' new UI ', iconUrl: 'https://cdn.example.com/b.svg' }, { name: 'mobile' }], stored);
    expect(read.tags).toEqual([
      { id: 3, name: 'Checkout', color: '#00ff00', description: '', iconUrl: '' },
      { id: 4, name: 'beta', color: '#394eff', description: 'new UI', iconUrl: 'https://cdn.example.com/b.svg' },
      { id: 5, name: 'mobile', color: '#394eff', description: '', iconUrl: '' },
    ]);
    expect(readProjectTags([], stored)).toEqual({ tags: [], errors: [] });
  });

  it('refuses each bad tag with what to send', () => {
    const read = readProjectTags(
      [{ name: '' }, { name: 'x'.repeat(36) }, { name: 'a', color: 'red' }, { name: 'A' }, { name: 'b', iconUrl: 'javascript:alert(1)' }, { name: 'c', id: 99 }, 'd', { name: 'e', size: 2 }],
      stored,
    );
    expect(read.tags).toBeNull();
    expect(read.errors).toEqual([
      'Tag 1 needs a name.',
      'Tag 2: the name is longer than 35 characters.',
      'Tag 3: the color must be like #394eff.',
      'Tag 4: another tag is named "A"; names must differ.',
      'Tag 5: the icon URL is not an http(s) address; leave it empty or give an http(s) address.',
      "Tag 6: id 99 is not one of this project's tags; leave it out for a new tag.",
      'Tag 7 must be an object such as { "name": "checkout" }.',
      'Tag 8: unknown field "size"; use id, name, color, description, iconUrl.',
    ]);
    expect(readProjectTags('checkout', stored).errors).toEqual(['tags must be a list of { name, color, description, iconUrl }.']);
    expect(readProjectTags(Array.from({ length: 31 }, (_, i) => ({ name: `t${i}` })), []).errors).toEqual(['A project has at most 30 tags; 31 were sent.']);
  });
});
