import { describe, expect, it } from 'vitest';
import { linkTarget } from './link-target.js';

describe('linkTarget', () => {
  const origin = 'https://cassette.example.com';

  it('keeps app paths inside the app', () => {
    expect(linkTarget('/3/dashboard/7', origin)).toEqual({ kind: 'app', to: '/3/dashboard/7' });
  });

  it("treats this app's own absolute URLs as app paths", () => {
    expect(linkTarget('https://cassette.example.com/onboarding/installing?x=1#top', origin)).toEqual({ kind: 'app', to: '/onboarding/installing?x=1#top' });
  });

  it('opens other sites externally', () => {
    expect(linkTarget('https://docs.example.org/tracker', origin)).toEqual({ kind: 'external', href: 'https://docs.example.org/tracker' });
  });

  it('refuses anything else', () => {
    for (const href of [undefined, '', 'javascript:alert(1)', '//evil.example', 'data:text/html,hi', 'relative/path']) {
      expect(linkTarget(href, origin)).toBeNull();
    }
  });
});
