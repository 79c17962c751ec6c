// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { ISSUE_TYPES } from '../../../shared/issue-types.js';
import { IssueIcon } from '../../common/issue-icons.js';
import { IssuesPanel } from './issues.panel.js';
import { click, renderPanel, rows, type MountedPanel } from '../../../testing/render-panel.js';
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
    const shown = rows(panel.container, 'issue-row');
    expect(shown.map((row) => row.dataset.issueType)).toEqual(['missing_resource', 'click_rage', 'js_exception']);
    expect(shown[1]!.querySelector('.cs-issue-row__name')!.textContent).toBe('Click Rage');
    expect(shown[1]!.querySelector('.cs-issue-row__context')!.textContent).toBe('button#add-to-cart');
    expect(shown[1]!.querySelector('.cs-panel__time')!.textContent).toBe('01:01');
    expect(shown[1]!.querySelector('svg')!.getAttribute('data-issue-type')).toBe('click_rage');
    expect(panel.container.textContent).not.toContain('checkout_step');
  });

  it('seeks to an issue when clicked', () => {
    panel = renderPanel(IssuesPanel);
    click(rows(panel.container, 'issue-row')[2]!);
    expect(panel.seek).toHaveBeenCalledWith(61_400);
  });

  it("shows 'No data available.' when no issue is visible", () => {
    const session = sessionFixture();
    panel = renderPanel(IssuesPanel, { session: { ...session, issues: session.issues.filter((issue) => !issue.visible) } });
    expect(rows(panel.container, 'issue-row')).toHaveLength(0);
    expect(panel.container.textContent).toContain('No data available.');
  });
});

describe('IssueIcon', () => {
  it('draws a distinct icon for every issue type', () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    const drawings = ISSUE_TYPES.map((type) => {
      act(() => root.render(<IssueIcon type={type} />));
      const svg = container.querySelector('svg')!;
      expect(svg.getAttribute('aria-hidden')).toBe('true');
      expect(svg.children.length).toBeGreaterThan(0);
      return svg.innerHTML;
    });
    expect(new Set(drawings).size).toBe(ISSUE_TYPES.length);
    act(() => root.render(<IssueIcon type="crash" title="Crashes" />));
    expect(container.querySelector('svg')!.getAttribute('role')).toBe('img');
    expect(container.querySelector('svg')!.getAttribute('aria-label')).toBe('Crashes');
    act(() => root.unmount());
  });
});
