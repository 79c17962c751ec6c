import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { NavItem } from '@cassette/plugin-sdk/ui';
import { NavItemLink, OnboardingNavLink } from './nav-item-link.js';

const render = (item: NavItem, siteId = 7, at = '/7/sessions') =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[at]}>
      <NavItemLink item={item} siteId={siteId} />
    </MemoryRouter>,
  );

const errors: NavItem = { id: 'errors', label: 'Errors', to: (siteId) => `/${siteId}/errors`, order: 30 };

describe('a nav link', () => {
  it("links to the plugin's page for the selected project, marked when it is open", () => {
    expect(render(errors)).toBe('<a class="cs-topbar__link " href="/7/errors" data-discover="true">Errors</a>');
    expect(render(errors, 7, '/7/errors')).toContain('class="cs-topbar__link is-active"');
  });

  it("renders the item's badge after the label, for the selected project", () => {
    const badge = ({ siteId }: { siteId: number }) => <span className="badge">{siteId === 8 ? 4 : 0}</span>;
    expect(render({ ...errors, badge }, 8)).toBe('<a class="cs-topbar__link " href="/8/errors" data-discover="true">Errors<span class="badge">4</span></a>');
  });

  it('shows nothing more when the badge has nothing to say', () => {
    expect(render({ ...errors, badge: () => null })).toBe('<a class="cs-topbar__link " href="/7/errors" data-discover="true">Errors</a>');
  });

  it('while in onboarding, shows the item as unavailable (never as the chosen page) and says how to reach it', () => {
    const held = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/onboarding/installing']}>
        <OnboardingNavLink to="/onboarding/installing" />
        <NavItemLink item={{ ...errors, label: 'Sessions', to: (siteId) => `/${siteId}/sessions` }} siteId={7} held />
      </MemoryRouter>,
    );
    expect(held).toBe(
      '<a class="cs-topbar__link is-active" aria-current="page" href="/onboarding/installing" data-discover="true">Getting Started</a>' +
        '<span class="cs-topbar__link cs-topbar__link--held" aria-disabled="true" title="Finish or skip the onboarding steps to open Sessions">Sessions</span>',
    );
  });
});
