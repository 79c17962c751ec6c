import { describe, expect, it } from 'vitest';
import { localName } from './qualified-names.js';

describe('localName', () => {
  it('drops any prefix, surrounding space and case', () => {
    expect(localName('svg:script')).toBe('script');
    expect(localName(' X:SCRIPT ')).toBe('script');
    expect(localName('xlink:href')).toBe('href');
    expect(localName('a:b:onload')).toBe('onload');
    expect(localName('IMG')).toBe('img');
  });
});
