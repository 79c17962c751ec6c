import { describe, expect, it } from 'vitest';
import { demoSiteUrl, ingestPointOf, jsString, npmSnippet, scriptTagSnippet } from './tracker-snippets.js';

const target = { origin: 'https://cassette.example.com', projectKey: 'k3yAbC123' };

describe('tracker snippets', () => {
  it('loads the script from this server and sends to its ingest point', () => {
    expect(scriptTagSnippet(target)).toBe(`<script src="https://cassette.example.com/tracker.js"></script>
<script>
  const tracker = new CassetteTracker({
    projectKey: 'k3yAbC123',
    ingestPoint: 'https://cassette.example.com/api/ingest',
  });
  tracker.start();
</script>`);
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
