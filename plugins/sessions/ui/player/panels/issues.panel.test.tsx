// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { allByTestId, click, renderPage } from '@cassette/plugin-sdk/testing/ui';
import { ISSUE_TYPES } from '../../../shared/issue-types.js';
import { IssueIcon } from '../../common/issue-icons.js';
import { IssuesPanel } from './issues.panel.js';
import { renderPanel, type MountedPanel } from '../../../testing/render-panel.js';
import { sessionFixture } from '../../../testing/session-fixture.js';

let panel: MountedPanel | null = null;
afterEach(() => {
  panel?.unmount();
  panel = null;
  document.body.innerHTML = '';
});

describe('Issues panel', () => {
  it('lists the visible issues in time order with name, context, time and icon', () => {
    panel = renderPanel(IssuesPanel);
    const shown = allByTestId(panel.container, 'issue-row');
    expect(shown.map((row) => row.dataset.issueType)).toEqual(['missing_resource', 'click_rage', 'js_exception']);
    expect(shown[1]!.querySelector('.cs-issue-row__name')!.textContent).toBe('Click Rage');
    expect(shown[1]!.querySelector('.cs-issue-row__context')!.textContent).toBe('button#add-to-cart');
    expect(shown[1]!.querySelector('.cs-panel__time')!.textContent).toBe('01:01');
    expect(shown[1]!.querySelector('svg')!.getAttribute('data-issue-type')).toBe('click_rage');
    expect(panel.container.textContent).not.toContain('checkout_step');
  });

  it('seeks to an issue when clicked', async () => {
    panel = renderPanel(IssuesPanel);
    await click(allByTestId(panel.container, 'issue-row')[2]!);
    expect(panel.seek).toHaveBeenCalledWith(61_400);
  });

  it("shows 'No data available.' when no issue is visible", () => {
    const session = sessionFixture();
    panel = renderPanel(IssuesPanel, { session: { ...session, issues: session.issues.filter((issue) => !issue.visible) } });
    expect(allByTestId(panel.container, 'issue-row')).toHaveLength(0);
    expect(panel.container.textContent).toContain('No data available.');
  });
});

describe('IssueIcon', () => {
  it('draws a distinct icon for every issue type', () => {
    const { container, rerender, unmount } = renderPage(null);
    const drawings = ISSUE_TYPES.map((type) => {
      rerender(<IssueIcon type={type} />);
      const svg = container.querySelector('svg')!;
      expect(svg.getAttribute('aria-hidden')).toBe('true');
      expect(svg.children.length).toBeGreaterThan(0);
      return svg.innerHTML;
    });
    expect(new Set(drawings).size).toBe(ISSUE_TYPES.length);
    rerender(<IssueIcon type="crash" title="Crashes" />);
    expect(container.querySelector('svg')!.getAttribute('role')).toBe('img');
    expect(container.querySelector('svg')!.getAttribute('aria-label')).toBe('Crashes');
    unmount();
  });
});
