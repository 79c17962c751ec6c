import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ProjectSummary } from '@cassette/plugin-sdk/ui';
import { IdentifyUsersStep } from './identify-users.js';
import { InstallTrackerView } from './install-tracker.js';
import { RecordingStatus } from './recording-status.js';

const project: ProjectSummary = { id: 7, name: 'Shop', host: '', projectKey: 'Pk7aBc', status: 'red', recorded: false };

// The markup escapes quotes and angle brackets; compare with what a user reads.
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

const render = (overrides: Partial<ProjectSummary> = {}, demoEnabled = true) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <InstallTrackerView project={{ ...project, ...overrides }} origin="https://rec.example.org" demoEnabled={demoEnabled} />
    </MemoryRouter>,
  );

describe('install step', () => {
  it("shows both snippets with this project's key and this server's address", () => {
    const shown = text(render());
    expect(shown).toContain('<script src="https://rec.example.org/tracker.js"></script>');
    expect(shown).toContain("const tracker = new CassetteTracker({\n    projectKey: 'Pk7aBc',\n    ingestPoint: 'https://rec.example.org/api/ingest',");
    expect(shown).toContain('npm i @cassette/tracker');
    expect(shown).toContain("import { CassetteTracker } from '@cassette/tracker';");
    expect(shown).not.toContain('import Tracker');
  });

  it('links the demo shop in a new tab, only when the demo is enabled', () => {
    const html = render();
    expect(html).toMatch(/<a[^>]*href="\/demo\/\?key=Pk7aBc"[^>]*target="_blank"[^>]*>Try it on the demo site<\/a>/);
    expect(render({}, false)).not.toContain('Try it on the demo site');
  });

  it("shows the project's recording status", () => {
    expect(render()).toContain('data-status="red"');
    expect(text(render())).toContain('Waiting for the first session');
    expect(text(render({ status: 'green', recorded: true }))).toContain('Sessions are arriving.');
    expect(renderToStaticMarkup(<RecordingStatus status="yellow" />)).toContain('cs-status-dot--yellow');
  });
});

describe('identify users step', () => {
  it('shows the exact calls', () => {
    const shown = text(renderToStaticMarkup(<MemoryRouter><IdentifyUsersStep /></MemoryRouter>));
    expect(shown).toContain("tracker.setUserID('john@example.com');");
    expect(shown).toContain("tracker.setMetadata('plan', 'premium');");
    expect(shown).toContain("tracker.setUserAnonymousID('cart-48151623');");
  });
});
