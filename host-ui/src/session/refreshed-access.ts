import type { Account } from '@cassette/plugin-sdk/ui';
import { pickProjectId } from './project-selection.js';
import type { SessionState } from './session.js';
import type { Project } from './types.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A 403 keeps the login, but it can mean the account's role changed since it was loaded
 * (a permission or a project taken away, admin rights removed, a password change required).
 * The shell re-reads the account and projects and takes them in, so permission gates show
 * 'Not allowed' and the nav follows. An answer that changes nothing returns `state` itself,
 * so a page that keeps meeting 403s does not re-render the shell each time.
 */
export function withRefreshedAccess(state: SessionState, account: Account, projects: Project[], storedSiteId: number | null): SessionState {
  if (account.changePassword) return { ...state, account, status: 'passwordChange' };
  if (same(state.account, account) && same(state.projects, projects)) return state;
  return { ...state, account, projects, siteId: pickProjectId(projects, storedSiteId, state.siteId) };
}
