// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import { buttonNamed, byLabel, cleanup, click, fakeHost, renderPage, settle, TEST_PROJECT, typeInto } from '@cassette/plugin-sdk/testing/ui';
import { dashboard } from '../../testing/ui-fixtures.js';
import { DASHBOARD_NAME_REQUIRED, DashboardDialog } from './dashboard-dialog.js';

afterEach(cleanup);

const P = TEST_PROJECT.id;
const body = () => document.body;

function open(props: { dashboard?: Parameters<typeof DashboardDialog>[0]['dashboard']; fail?: boolean } = {}) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const answer = (_path: string, sent: unknown) => {
    if (props.fail) throw new ApiError(500, ['Internal error']);
    return dashboard({ dashboardId: 4, ...(sent as object) });
  };
  const host = fakeHost({ routes: { [`POST /${P}/dashboards`]: answer, [`PUT /${P}/dashboards/4`]: answer } });
  renderPage(<DashboardDialog projectId={P} dashboard={props.dashboard ?? null} onSaved={onSaved} onClose={onClose} />, `/${P}/dashboard`, '/:siteId/dashboard', { host });
  return { host, onSaved, onClose };
}

describe('the dashboard dialog', () => {
  it("creates a dashboard named 'New Dashboard', shared with the team, with the spec's toast", async () => {
    const { host, onSaved } = open();
    expect(body().textContent).toContain('Create Dashboard');
    expect(byLabel<HTMLInputElement>(body(), 'Name')?.value).toBe('New Dashboard');
    expect(byLabel<HTMLInputElement>(body(), 'Shared with team')?.checked).toBe(true);
    await typeInto(byLabel<HTMLInputElement>(body(), 'Name'), '  Checkout  ');
    await click(byLabel(body(), 'Shared with team'));
    await click(buttonNamed(body(), 'Create'));
    await settle();
    expect(host.api.post).toHaveBeenCalledWith(`/${P}/dashboards`, { name: 'Checkout', isPublic: false });
    expect(host.toast).toHaveBeenCalledWith('Dashboard created successfully', 'success');
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ dashboardId: 4, name: 'Checkout', isPublic: false }));
  });

  it("edits a dashboard's name and sharing with PUT, 'Update' and its toast", async () => {
    const { host, onSaved } = open({ dashboard: { dashboardId: 4, name: 'Ops', isPublic: false } });
    expect(body().textContent).toContain('Edit Dashboard');
    expect(byLabel<HTMLInputElement>(body(), 'Name')?.value).toBe('Ops');
    expect(byLabel<HTMLInputElement>(body(), 'Shared with team')?.checked).toBe(false);
    await typeInto(byLabel<HTMLInputElement>(body(), 'Name'), 'Operations');
    await click(buttonNamed(body(), 'Update'));
    await settle();
    expect(host.api.put).toHaveBeenCalledWith(`/${P}/dashboards/4`, { name: 'Operations', isPublic: false });
    expect(host.toast).toHaveBeenCalledWith('Dashboard updated successfully', 'success');
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('refuses a blank name: the button is off and Enter says why, without a call', async () => {
    const { host } = open();
    await typeInto(byLabel<HTMLInputElement>(body(), 'Name'), '   ');
    expect(buttonNamed(body(), 'Create')?.disabled).toBe(true);
    const form = body().querySelector('form')!;
    await act(async () => void form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    await settle();
    expect(body().textContent).toContain(DASHBOARD_NAME_REQUIRED);
    expect(host.api.post).not.toHaveBeenCalled();
  });

  it("says 'Error saving dashboard' when the save fails, and stays open for another try", async () => {
    const { host, onSaved, onClose } = open({ fail: true });
    await click(buttonNamed(body(), 'Create'));
    await settle();
    expect(host.toast).toHaveBeenCalledWith('Error saving dashboard', 'error');
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(buttonNamed(body(), 'Create')?.disabled).toBe(false);
  });

  it('closes on Cancel without saving', async () => {
    const { host, onClose } = open();
    await click(buttonNamed(body(), 'Cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(host.api.post).not.toHaveBeenCalled();
  });
});
