// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, hostSlots, Slot, UiRegistryContext, type Account } from '@cassette/plugin-sdk/ui';
import { buttonNamed, cleanup, click, fakeAccount, fakeHost, renderPage, typeInto, type RouteAnswer } from '@cassette/plugin-sdk/testing/ui';
import { DeleteUserData } from './delete-user-data.js';
import sessionsUi from '../ui.js';

const PROJECT_ID = 7;

afterEach(cleanup);

/** A host whose delete-user route answers `answer` (for project 7, and 42 for the slot). */
function hostWith(answer: RouteAnswer = () => ({ deletedSessions: 0 }), who: Account = fakeAccount()) {
  return fakeHost({
    account: who,
    projects: [],
    currentProject: null,
    routes: { [`POST /${PROJECT_ID}/sessions/gdpr/delete-user`]: answer, 'POST /42/sessions/gdpr/delete-user': answer },
  });
}

const show = (host = hostWith(), element = <DeleteUserData projectId={PROJECT_ID} />) => renderPage(element, '/', '*', { host });

const userIdField = () => document.querySelector<HTMLInputElement>('input[name="gdprUserId"]')!;
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const deleteButton = (container: HTMLElement) => buttonNamed(container, 'Delete');

describe("Delete a user's data", () => {
  it('is offered to admins and super admins, hidden from other members', () => {
    const admin = show();
    expect(admin.container.textContent).toContain("Delete a user's data");
    admin.unmount();
    const superAdmin = show(hostWith(undefined, fakeAccount({ admin: false, superAdmin: true })));
    expect(superAdmin.container.textContent).toContain("Delete a user's data");
    superAdmin.unmount();
    expect(show(hostWith(undefined, fakeAccount({ admin: false, superAdmin: false, permissions: ['SESSION_REPLAY'] }))).container.innerHTML).toBe('');
  });

  it('asks for an id before anything else, and calls nothing', async () => {
    const { container, host } = show();
    await click(deleteButton(container));
    expect(container.textContent).toContain('Enter the ID of the user whose data must be deleted.');
    expect(userIdField().getAttribute('aria-invalid')).toBe('true');
    typeInto(userIdField(), '   ');
    await click(deleteButton(container));
    expect(container.textContent).toContain('Enter the ID of the user whose data must be deleted.');
    expect(dialog()).toBeNull();
    expect(host.api.post).not.toHaveBeenCalled();
  });

  it('confirms first; cancelling deletes nothing', async () => {
    const { container, host } = show();
    typeInto(userIdField(), 'ada');
    await click(deleteButton(container));
    expect(dialog()?.textContent).toContain('Delete every recorded session of ada in this project? This cannot be undone.');
    expect(host.api.post).not.toHaveBeenCalled();
    await click(buttonNamed(dialog()!, 'Cancel'));
    expect(dialog()).toBeNull();
    expect(host.api.post).not.toHaveBeenCalled();
    expect(userIdField().value).toBe('ada');
  });

  it('deletes by user id once confirmed and says how many sessions went', async () => {
    const { container, host } = show(hostWith(() => ({ deletedSessions: 3 })));
    typeInto(userIdField(), ' ada ');
    await click(deleteButton(container));
    await click(buttonNamed(dialog()!, 'Delete'));
    expect(host.api.post).toHaveBeenCalledTimes(1);
    expect(host.api.post).toHaveBeenCalledWith(`/${PROJECT_ID}/sessions/gdpr/delete-user`, { userId: 'ada' });
    expect(dialog()).toBeNull();
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Deleted 3 sessions of ada.');
    expect(userIdField().value).toBe('');
  });

  it('deletes by anonymous id when the toggle is on', async () => {
    const { container, host } = show(hostWith(() => ({ deletedSessions: 1 })));
    await click(container.querySelector<HTMLInputElement>('input[role="switch"]'));
    await click(deleteButton(container));
    expect(container.textContent).toContain('Enter the anonymous ID of the user whose data must be deleted.');
    typeInto(userIdField(), 'device-7');
    await click(deleteButton(container));
    await click(buttonNamed(dialog()!, 'Delete'));
    expect(host.api.post).toHaveBeenCalledWith(`/${PROJECT_ID}/sessions/gdpr/delete-user`, { userAnonymousId: 'device-7' });
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Deleted 1 session of device-7.');
  });

  it("shows the server's message when the deletion is refused", async () => {
    const { container } = show(
      hostWith(() => {
        throw new ApiError(403, ['You are not allowed to do this.']);
      }),
    );
    typeInto(userIdField(), 'ada');
    await click(deleteButton(container));
    await click(buttonNamed(dialog()!, 'Delete'));
    expect(dialog()).toBeNull();
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('You are not allowed to do this.');
    expect(container.querySelector('[role="status"]')).toBeNull();
    expect(userIdField().value).toBe('ada');
  });

  it("fills the host's project privacy slot with the project's id", async () => {
    const { container, host } = show(
      hostWith(),
      <UiRegistryContext.Provider value={{ fills: sessionsUi.fills ?? [] }}>
        <Slot slot={hostSlots.projectPrivacy} props={{ projectId: 42 }} />
      </UiRegistryContext.Provider>,
    );
    typeInto(userIdField(), 'ada');
    await click(deleteButton(container));
    await click(buttonNamed(dialog()!, 'Delete'));
    expect(host.api.post).toHaveBeenCalledWith('/42/sessions/gdpr/delete-user', { userId: 'ada' });
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Deleted 0 sessions of ada.');
  });
});
