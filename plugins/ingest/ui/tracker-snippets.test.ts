import { describe, expect, it } from 'vitest';
import { ANONYMOUS_ID_SNIPPET, demoSiteUrl, IDENTIFY_SNIPPET, ingestPointOf, jsString, METADATA_SNIPPET, npmSnippet, scriptTagSnippet } from './tracker-snippets.js';

const target = { origin: 'https://cassette.example.com', projectKey: 'k3yAbC123' };

describe('tracker snippets', () => {
  it('loads the script from this server and sends to its ingest point', () => {
    expect(scriptTagSnippet(target)).toBe(`<script src="https://cassette.example.com/tracker.js"></script>
<script>
  var tracker = window.CassetteTracker ? new CassetteTracker({
    projectKey: 'k3yAbC123',
    ingestPoint: 'https://cassette.example.com/api/ingest',
  }) : null;
  if (tracker) tracker.start();
</script>`);
  });

  it('never throws into the page when tracker.js did not load (the Cassette server is down)', () => {
    const inline = /<script>\n([\s\S]*?)<\/script>/.exec(scriptTagSnippet(target))![1]!;
    const page = (CassetteTracker?: unknown) => {
      const window: Record<string, unknown> = CassetteTracker ? { CassetteTracker } : {};
      const run = new Function('window', 'CassetteTracker', `${inline}\n${IDENTIFY_SNIPPET}\n${METADATA_SNIPPET}\n${ANONYMOUS_ID_SNIPPET}\nreturn tracker;`);
      return run(window, CassetteTracker) as unknown;
    };
    expect(() => page()).not.toThrow();
    expect(page()).toBeNull();
    const calls: string[] = [];
    class FakeTracker {
      constructor(readonly options: unknown) {}
      start = () => calls.push('start');
      setUserID = (id: string) => calls.push(`user ${id}`);
      setMetadata = (k: string, v: string) => calls.push(`meta ${k}=${v}`);
      setUserAnonymousID = (id: string) => calls.push(`anon ${id}`);
    }
    expect(page(FakeTracker)).toBeInstanceOf(FakeTracker);
    expect(calls).toEqual(['start', 'user john@example.com', 'meta plan=premium', 'anon cart-48151623']);
  });

  it('imports the npm package with the same options', () => {
    const code = npmSnippet({ ...target, origin: 'http://localhost:8080/' });
    expect(code).toContain("import { CassetteTracker } from '@cassette/tracker';");
    expect(code).toContain("projectKey: 'k3yAbC123',");
    expect(code).toContain("ingestPoint: 'http://localhost:8080/api/ingest',");
    expect(code).toContain('tracker.start();');
  });

  it('quotes values so that no key can break out of the string or the script block', () => {
    expect(jsString("a'b\\c")).toBe("'a\\'b\\\\c'");
    expect(jsString('</script><script>alert(1)</script>')).not.toContain('</script>');
    expect(jsString('line\nbreak')).toBe("'line\\nbreak'");
    expect(ingestPointOf('https://x.test//')).toBe('https://x.test/api/ingest');
  });

  it('links the demo shop with the key in its address', () => {
    expect(demoSiteUrl('k3y')).toBe('/demo/?key=k3y');
    expect(demoSiteUrl('a b&c')).toBe('/demo/?key=a%20b%26c');
  });
});
