// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type Account } from '@cassette/plugin-sdk/ui';
import { buttonNamed, byLabel, cleanup, click, fakeAccount, fakeHost, renderPage, typeInto } from '@cassette/plugin-sdk/testing/ui';
import { IceServersSection, serversOf } from './ice-servers-section.js';

afterEach(cleanup);

const TURN = { urls: ['turn:turn.example.test:3478?transport=udp'], username: 'agent', credential: 'relay-secret' };

describe('Call servers (Settings › Account, admins)', () => {
  it('shows the servers set, and saves an edited list through PUT /account/ice-servers', async () => {
    const saved = vi.fn();
    const host = fakeHost({
      account: fakeAccount({ admin: true, iceServers: [{ urls: ['stun:stun.example.test:3478'] }] }),
      routes: { 'PUT /account/ice-servers': (_path, body) => fakeAccount({ admin: true, iceServers: (body as { iceServers: Account['iceServers'] }).iceServers }) },
    });
    const { container } = renderPage(<IceServersSection onSaved={saved} />, '/', '*', { host });
    expect(byLabel<HTMLTextAreaElement>(container, 'ICE server 1: addresses')?.value).toBe('stun:stun.example.test:3478');
    await click(buttonNamed(container, 'Add server'));
    typeInto(byLabel<HTMLTextAreaElement>(container, 'ICE server 2: addresses'), ' turn:turn.example.test:3478?transport=udp ');
    typeInto(container.querySelector<HTMLInputElement>('input[name="ice-username-1"]'), 'agent');
    typeInto(container.querySelector<HTMLInputElement>('input[name="ice-credential-1"]'), 'relay-secret');
    await click(buttonNamed(container, 'Save call servers'));
    expect(host.api.put).toHaveBeenCalledWith('/account/ice-servers', { iceServers: [{ urls: ['stun:stun.example.test:3478'] }, TURN] });
    expect(saved).toHaveBeenCalledWith(expect.objectContaining({ iceServers: [{ urls: ['stun:stun.example.test:3478'] }, TURN] }));
    expect(host.toast).toHaveBeenCalledWith('Call servers saved', 'success');
  });

  it('says what is wrong before sending, and shows what the server refused', async () => {
    const host = fakeHost({ account: fakeAccount({ admin: true, iceServers: [] }), routes: { 'PUT /account/ice-servers': () => { throw new ApiError(400, ['ICE server 1: refused by the server.']); } } });
    const { container } = renderPage(<IceServersSection onSaved={() => undefined} />, '/', '*', { host });
    await click(buttonNamed(container, 'Add server'));
    typeInto(byLabel<HTMLTextAreaElement>(container, 'ICE server 1: addresses'), 'turn:turn.example.test');
    await click(buttonNamed(container, 'Save call servers'));
    expect(container.textContent).toContain('ICE server 1: a TURN server needs a username and a credential');
    expect(host.api.put).not.toHaveBeenCalled();
    typeInto(byLabel<HTMLTextAreaElement>(container, 'ICE server 1: addresses'), 'stun:stun.example.test');
    await click(buttonNamed(container, 'Save call servers'));
    expect(container.textContent).toContain('ICE server 1: refused by the server.');
  });

  it('reads addresses one per line (or comma-separated) and drops empty rows', () => {
    expect(serversOf([{ urls: 'stun:a.example\n\n stun:b.example, stun:c.example', username: '', credential: '' }, { urls: ' ', username: '', credential: '' }])).toEqual([{ urls: ['stun:a.example', 'stun:b.example', 'stun:c.example'] }]);
  });
});
