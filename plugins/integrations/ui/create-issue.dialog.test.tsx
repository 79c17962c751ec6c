// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import { allByTestId, buttonNamed, byLabel, byTestId, chooseOption, cleanup, click, fakeAccount, fakeHost, renderPage, settle, typeInto, type FakeRoutes } from '@cassette/plugin-sdk/testing/ui';
import type { Session } from '@cassette/plugin-sessions/api';
import type { Ticket } from '../shared/integration.js';
import CreateIssueAction from './create-issue.action.js';
import { COMMENT_REQUIRED } from './ticket-detail.js';
import { ALL_SOURCES, JIRA } from './test-sources.js';
import { TITLE_REQUIRED, type TicketProjectsAnswer } from './tickets.js';

afterEach(cleanup);

const START = 1_700_000_000_000;
const SESSION = { sessionId: 's-42', startedAt: START, duration: 60_000 } as Session;
const WITH_JIRA = ALL_SOURCES.map((s) => (s.key === JIRA.key ? { ...s, configured: true, connected: true } : s));

const PROJECTS: TicketProjectsAnswer = {
  provider: 'jira',
  projects: [
    { id: 'SHOP', name: 'Shop', issueTypes: [{ id: '10001', name: 'Bug' }, { id: '10002', name: 'Task' }] },
    { id: 'OPS', name: 'Operations', issueTypes: [{ id: '20001', name: 'Incident' }] },
  ],
};

const TICKET: Ticket = {
  id: 'SHOP-12',
  projectId: 'SHOP',
  title: 'Checkout button does nothing',
  description: 'See the session.',
  issueType: 'Bug',
  assignee: null,
  closed: false,
  commentsCount: 1,
  timestamp: START,
  url: 'https://acme.atlassian.example/browse/SHOP-12',
};

function open(routes: FakeRoutes, sources = WITH_JIRA) {
  const host = fakeHost({
    account: fakeAccount({ admin: false, permissions: ['SESSION_REPLAY'] }),
    routes: { 'GET /7/integration/sources': () => sources, 'GET /7/integrations/issues/list_projects': () => PROJECTS, ...routes },
  });
  return renderPage(<CreateIssueAction projectId={7} session={SESSION} currentTime={8_250} />, '/7/session/s-42', '/:siteId/session/:sessionId', { host });
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;

describe('Create Issue from the player', () => {
  it('is offered only when the project has an issue tracker connected', async () => {
    open({}, ALL_SOURCES);
    await settle();
    expect(byTestId(document.body, 'player-create-issue')).toBeNull();
  });

  it('creates a ticket in the chosen project and type, the description linking to the session at the current time, then lists it', async () => {
    const created: { path: string; body: unknown }[] = [];
    let tickets: Ticket[] = [];
    let refuse = true;
    open({
      'GET /7/sessions2/s-42/assign': () => tickets,
      'POST /7/sessions2/s-42/assign/projects/OPS': (path, body) => {
        if (refuse) throw new ApiError(400, ['Jira refused the issue: the Incident type needs a priority.']);
        created.push({ path, body });
        tickets = [{ ...TICKET, id: 'OPS-3', projectId: 'OPS', title: 'Checkout button does nothing', issueType: 'Incident', commentsCount: 0, url: 'https://acme.atlassian.example/browse/OPS-3' }];
        return tickets[0];
      },
    });
    await settle();
    await click(byTestId(document.body, 'player-create-issue'));
    await settle();
    expect(dialog().textContent).toContain('No issues created from this session yet.');
    const link = `${location.origin}/7/session/s-42?jumpto=${START + 8_250}`;
    expect(byLabel<HTMLTextAreaElement>(dialog(), 'Description')!.value).toBe(`\n\nSession: ${link}`);
    expect(byLabel<HTMLSelectElement>(dialog(), 'Issue type *')!.value).toBe('10001');

    await chooseOption(byLabel<HTMLSelectElement>(dialog(), 'Project *'), 'OPS');
    expect([...byLabel<HTMLSelectElement>(dialog(), 'Issue type *')!.options].map((o) => o.textContent)).toEqual(['Incident']);
    await click(buttonNamed(dialog(), 'Create'));
    expect(dialog().textContent).toContain(TITLE_REQUIRED);

    typeInto(byLabel<HTMLInputElement>(dialog(), 'Title *'), '  Checkout button does nothing ');
    await click(buttonNamed(dialog(), 'Create'));
    await settle();
    expect(dialog().textContent).toContain('Jira refused the issue: the Incident type needs a priority.');

    refuse = false;
    await click(buttonNamed(dialog(), 'Create'));
    await settle();
    expect(created).toEqual([
      { path: '/7/sessions2/s-42/assign/projects/OPS', body: { issueTypeId: '20001', title: 'Checkout button does nothing', description: `\n\nSession: ${link}` } },
    ]);
    const rows = allByTestId(dialog(), 'session-ticket');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.querySelector('a')!.getAttribute('href')).toBe('https://acme.atlassian.example/browse/OPS-3');
    expect(rows[0]!.textContent).toContain('Incident · Open · 0 comments');
  });

  it("opens a ticket with its activities and adds a comment", async () => {
    const comments: unknown[] = [];
    open({
      'GET /7/sessions2/s-42/assign': () => [TICKET],
      'GET /7/sessions2/s-42/assign/SHOP-12': () => ({
        ...TICKET,
        assignee: 'Ravi',
        activities: [{ id: 'a1', type: 'comment', author: 'Ravi', createdAt: START + 60_000, message: 'Reproduced on Safari.' }],
      }),
      'POST /7/sessions2/s-42/assign/SHOP-12/comment': (_p, body) => (comments.push(body), { id: 'a2', type: 'comment', author: 'Olivia', createdAt: START + 120_000, message: 'Fixed in 1.4.2?' }),
    });
    await settle();
    await click(byTestId(document.body, 'player-create-issue'));
    await settle();
    await click(byLabel(dialog(), 'Details of Checkout button does nothing'));
    await settle();
    const detail = byTestId(dialog(), 'ticket-detail')!;
    expect(detail.textContent).toContain('assigned to Ravi');
    expect(allByTestId(detail, 'ticket-activity').map((a) => a.textContent)).toEqual([expect.stringContaining('Reproduced on Safari.')]);

    await click(buttonNamed(detail, 'Comment'));
    expect(detail.textContent).toContain(COMMENT_REQUIRED);
    expect(comments).toEqual([]);
    typeInto(byLabel<HTMLTextAreaElement>(detail, 'Comment'), 'Fixed in 1.4.2?');
    await click(buttonNamed(detail, 'Comment'));
    await settle();
    expect(comments).toEqual([{ message: 'Fixed in 1.4.2?' }]);
    expect(allByTestId(detail, 'ticket-activity')).toHaveLength(2);
    expect(byLabel<HTMLTextAreaElement>(detail, 'Comment')!.value).toBe('');

    await click(buttonNamed(dialog(), '← Issues'));
    expect(allByTestId(dialog(), 'session-ticket')).toHaveLength(1);
  });
});
