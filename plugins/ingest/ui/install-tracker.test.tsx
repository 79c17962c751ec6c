// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ProjectSummary } from '@cassette/plugin-sdk/ui';
import { cleanup, renderPage } from '@cassette/plugin-sdk/testing/ui';
import { IdentifyUsersStep } from './identify-users.js';
import { InstallTrackerView } from './install-tracker.js';
import { RecordingStatus } from './recording-status.js';

afterEach(cleanup);

const project: ProjectSummary = { id: 7, name: 'Shop', host: '', projectKey: 'Pk7aBc', status: 'red', recorded: false };

const render = (overrides: Partial<ProjectSummary> = {}, demoEnabled = true) =>
  renderPage(<InstallTrackerView project={{ ...project, ...overrides }} origin="https://rec.example.org" demoEnabled={demoEnabled} />).container;

describe('install step', () => {
  it("shows both snippets with this project's key and this server's address", () => {
    const shown = render().textContent;
    expect(shown).toContain('<script src="https://rec.example.org/tracker.js"></script>');
    expect(shown).toContain("var tracker = window.CassetteTracker ? new CassetteTracker({\n    projectKey: 'Pk7aBc',\n    ingestPoint: 'https://rec.example.org/api/ingest',");
    expect(shown).toContain('npm i @cassette/tracker');
    expect(shown).toContain("import { CassetteTracker } from '@cassette/tracker';");
    expect(shown).not.toContain('import Tracker');
  });

  it('links the demo shop in a new tab, only when the demo is enabled', () => {
    const demo = [...render().querySelectorAll('a')].find((a) => a.textContent === 'Try it on the demo site')!;
    expect([demo.getAttribute('href'), demo.target]).toEqual(['/demo/?key=Pk7aBc', '_blank']);
    expect(render({}, false).textContent).not.toContain('Try it on the demo site');
  });

  it("shows the project's recording status", () => {
    expect(render().querySelector('[data-status]')?.getAttribute('data-status')).toBe('red');
    expect(render().textContent).toContain('Waiting for the first session');
    expect(render({ status: 'green', recorded: true }).textContent).toContain('Sessions are arriving.');
    expect(renderPage(<RecordingStatus status="yellow" />).container.querySelector('.cs-status-dot--yellow')).not.toBeNull();
  });
});

describe('identify users step', () => {
  it('shows the exact calls', () => {
    const shown = renderPage(<IdentifyUsersStep />).container.textContent;
    expect(shown).toContain("tracker?.setUserID('john@example.com');");
    expect(shown).toContain("tracker?.setMetadata('plan', 'premium');");
    expect(shown).toContain("tracker?.setUserAnonymousID('cart-48151623');");
  });
});
