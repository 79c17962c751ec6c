// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_DELAY_MS, type ApiClient, type HostContextValue } from '@cassette/plugin-sdk/ui';
import { advance, cleanup, click, fakeAccount, hover, renderPage, settle } from '@cassette/plugin-sdk/testing/ui';
import type { Member } from '../session/types.js';
import TeamTab from './team.tab.js';

const member = (overrides: Partial<Member>): Member => ({ id: 0, name: '', email: '', admin: false, superAdmin: false, joined: true, expiredInvitation: false, roleId: null, roleName: null, ...overrides });
const OWNER = member({ id: 1, name: 'Olivia', email: 'olivia@shop.test', admin: true, superAdmin: true });
const ADMIN = member({ id: 2, name: 'Adam', email: 'adam@shop.test', admin: true });
const PEER = member({ id: 5, name: 'Petra', email: 'petra@shop.test', admin: true });
const JOINED = member({ id: 3, name: 'Grace', email: 'grace@shop.test', roleName: 'Member' });
const INVITEE = member({ id: 4, name: 'Nina', email: 'nina@shop.test', joined: false, roleName: 'Member' });
const INVITATION_LINK = 'http://localhost/reset-password?token=new-invitation';

const account = (who: Member) =>
  fakeAccount({ id: who.id, email: who.email, name: who.name, admin: who.admin, superAdmin: who.superAdmin, limits: { teamMember: { limit: 10, remaining: 6 }, sites: { limit: 10, remaining: 9 }, projects: { remaining: 9 } } });

function hostFor(who: Member) {
  const get = vi.fn(async (path: string) => {
    if (path === '/client/members') return [OWNER, ADMIN, JOINED, INVITEE, PEER];
    if (path === '/client/roles') return [];
    if (path === `/client/members/${JOINED.id}/reset`) return { mailed: true, email: JOINED.email };
    if (path === `/client/members/${INVITEE.id}/reset`) return { mailed: false, invitationLink: INVITATION_LINK };
    throw new Error(`unexpected GET ${path}`);
  });
  const toast = vi.fn();
  const api = { request: vi.fn(), get, post: vi.fn(), put: vi.fn(), del: vi.fn() } as unknown as ApiClient;
  const host: HostContextValue = {
    api,
    account: account(who),
    client: { tenantId: 1, name: 'Shop Inc', tenantKey: 't-1', edition: 'self-hosted' },
    projects: [],
    currentProject: null,
    selectProject: () => {},
    reloadProjects: async () => {},
    hasPermission: () => true,
    toast: toast as HostContextValue['toast'],
    enabledPlugins: [],
    timezone: 'UTC',
    setTimezone: () => {},
    logout: async () => {},
  };
  return { host, get, toast };
}

afterEach(cleanup);

/** The tab as the host shows it, settled after its first answers. */
async function mount(host: HostContextValue) {
  const page = renderPage(<TeamTab />, '/', '*', { host });
  await settle();
  return page.container;
}

// By its text or, for icon buttons, its aria-label (the kit's buttonNamed reads text only).
const buttonNamed = (scope: ParentNode, name: string) => [...scope.querySelectorAll('button')].find((b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name);
const rowOf = (view: HTMLElement, name: string) => [...view.querySelectorAll('tr')].find((tr) => tr.textContent?.includes(name))!;

describe('Team tab (Preferences › Team)', () => {
  it('says a joined member’s reset link was mailed to them, and shows no link', async () => {
    const { host, get, toast } = hostFor(ADMIN);
    const view = await mount(host);
    await click(buttonNamed(rowOf(view, 'Grace'), 'Mail a password reset link'));
    expect(get).toHaveBeenCalledWith(`/client/members/${JOINED.id}/reset`);
    expect(toast).toHaveBeenCalledWith('A password reset link was mailed to grace@shop.test. It works for one hour.', 'success');
    expect(document.querySelector('[data-testid="invitation-link"]')).toBeNull();
  });

  it('still shows a not-yet-joined invitee’s new invitation link for the admin to share', async () => {
    const { host } = hostFor(ADMIN);
    const view = await mount(host);
    await click(buttonNamed(rowOf(view, 'Nina'), 'Reset invitation link'));
    expect(document.querySelector('[data-testid="invitation-link"]')?.textContent).toBe(INVITATION_LINK);
  });

  it('locks the owner’s row and another admin’s row for an admin, with the reason on the lock and the buttons', async () => {
    const view = await mount(hostFor(ADMIN).host);
    for (const [who, reason] of [
      [OWNER, 'Only the owner can change the owner’s account.'],
      [PEER, 'Only the owner can change another admin’s account.'],
    ] as const) {
      const row = rowOf(view, who.name);
      expect(buttonNamed(row, `Edit ${who.name}`)?.disabled).toBe(true);
      expect(buttonNamed(row, `Edit ${who.name}`)?.title).toBe(reason);
      expect(buttonNamed(row, `Delete ${who.name}`)?.disabled).toBe(true);
      expect(buttonNamed(row, 'Mail a password reset link')).toBeUndefined();
      const lock = row.querySelector<HTMLElement>('[data-testid="member-lock"]')!;
      expect(lock.getAttribute('aria-label')).toBe(`Locked: ${reason}`);
      vi.useFakeTimers();
      try {
        await hover(lock);
        await advance(TOOLTIP_DELAY_MS);
      } finally {
        vi.useRealTimers();
      }
      expect(row.querySelector('[role="tooltip"]')?.textContent).toBe(reason);
    }
    // Their own row and plain members' rows stay open.
    expect(buttonNamed(rowOf(view, 'Adam'), 'Edit Adam')?.disabled).toBe(false);
    expect(buttonNamed(rowOf(view, 'Grace'), 'Edit Grace')?.disabled).toBe(false);
    expect(buttonNamed(rowOf(view, 'Grace'), 'Mail a password reset link')).toBeDefined();
    expect(rowOf(view, 'Grace').querySelector('[data-testid="member-lock"]')).toBeNull();
  });

  it('opens every row to the owner', async () => {
    const asOwner = await mount(hostFor(OWNER).host);
    for (const name of ['Adam', 'Petra']) {
      expect(buttonNamed(rowOf(asOwner, name), `Edit ${name}`)?.disabled).toBe(false);
      expect(buttonNamed(rowOf(asOwner, name), `Delete ${name}`)?.disabled).toBe(false);
      expect(buttonNamed(rowOf(asOwner, name), 'Mail a password reset link')).toBeDefined();
    }
    expect(buttonNamed(rowOf(asOwner, 'Olivia'), 'Edit Olivia')?.disabled).toBe(false);
    expect(asOwner.querySelector('[data-testid="member-lock"]')).toBeNull();
  });
});
