import { describe, expect, it } from 'vitest';
import webhooksUi from './ui.js';

describe('webhooks UI plugin', () => {
  it('contributes the Webhooks tab of Preferences at /client/webhooks, open to members (editing is for admins)', () => {
    expect(webhooksUi.id).toBe('webhooks');
    expect(webhooksUi.settingsTabs?.map((t) => ({ id: t.id, label: t.label, adminOnly: t.adminOnly }))).toEqual([{ id: 'webhooks', label: 'Webhooks', adminOnly: undefined }]);
  });

  it("contributes Slack's return page at /integrations/slack, outside any project", () => {
    expect(webhooksUi.pages?.map((p) => ({ path: p.path, permission: p.permission }))).toEqual([{ path: '/integrations/slack', permission: undefined }]);
  });
});
