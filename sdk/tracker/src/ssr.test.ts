// Runs in plain Node on purpose: no window, no document, as in server-side rendering.
import { describe, expect, it } from 'vitest';

describe('server-side rendering', () => {
  it('imports without a window and start() says it does nothing', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const mod = await import('./index');
    expect(mod.default).toBe(mod.CassetteTracker);
    const t = new mod.CassetteTracker({ projectKey: 'pk' });
    await expect(t.start()).resolves.toMatchObject({ ok: false, reason: 'not_browser' });
    // Every other call is a harmless no-op.
    t.setUserID('u');
    t.setMetadata('plan', 'pro');
    t.event('x', { a: 1 });
    t.issue('rage', {});
    t.handleError(new Error('e'));
    t.graphql('query', 'Q');
    t.stateAction('A');
    expect(t.getSessionID()).toBeNull();
    await expect(t.stop()).resolves.toBeUndefined();
  });

  it('requires a project key', async () => {
    const { CassetteTracker } = await import('./index');
    expect(() => new CassetteTracker({} as never)).toThrow(/projectKey/);
  });
});
