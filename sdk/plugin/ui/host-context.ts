import { createContext, useContext } from 'react';
import type { LoggerOptions } from '../shared/logger-options.js';
import type { Permission } from '../shared/permissions.js';
import type { IceServer } from '../shared/ice-servers.js';
import type { ApiClient } from './api-client.js';

export interface AccountLimits {
  teamMember: { limit: number; remaining: number };
  sites: { limit: number; remaining: number };
  projects: { remaining: number };
}

export interface Account {
  id: number;
  email: string;
  name: string;
  admin: boolean;
  superAdmin: boolean;
  changePassword: boolean;
  roleId: number | null;
  roleName?: string;
  permissions: Permission[];
  appearance: Record<string, unknown>;
  limits: AccountLimits;
  verifiedEmail?: boolean;
  /** The install's notice to every user (CASSETTE_BANNER), left out when there is none. */
  banner?: string;
  /** Whether the install sends e-mail (SMTP configured): invitations and resets then arrive by mail. */
  smtp?: boolean;
  /** The licence and edition of the install. */
  license?: { name: string; edition: 'self-hosted' | 'cloud' };
  /** The organization's STUN/TURN servers for assist calls (an admin sets them in Settings › Account). */
  iceServers?: IceServer[];
}

export interface Client {
  tenantId: number | string;
  name: string;
  tenantKey?: string;
  edition?: string;
  optOut?: boolean;
  /** The rules every project of the organization records by (spec part 2 §3). */
  loggerOptions?: LoggerOptions;
}

export interface ProjectSummary {
  id: number;
  name: string;
  host: string;
  projectKey: string;
  status: 'red' | 'yellow' | 'green';
  recorded: boolean;
}

export type ToastKind = 'success' | 'error' | 'info';

/** What the host shell offers every plugin page. */
export interface HostContextValue {
  api: ApiClient;
  account: Account;
  client: Client | null;
  projects: ProjectSummary[];
  currentProject: ProjectSummary | null;
  selectProject(projectId: number): void;
  reloadProjects(): Promise<void>;
  hasPermission(permission: Permission): boolean;
  toast(message: string, kind?: ToastKind): void;
  enabledPlugins: string[];
  /** IANA zone times are shown in: the browser's own, or 'UTC' (the user's choice, remembered locally). */
  timezone: string;
  setTimezone(timezone: string): void;
  /** POST /api/logout, then clear the session and go to /login. */
  logout(): Promise<void>;
}

export const HostContext = createContext<HostContextValue | null>(null);

export function useHost(): HostContextValue {
  const value = useContext(HostContext);
  if (!value) throw new Error('useHost() must be used inside the Cassette host shell');
  return value;
}

export const useApi = () => useHost().api;
export const useToast = () => useHost().toast;
export const useCurrentProject = () => useHost().currentProject;

/** Admins and super admins hold every permission; members hold their role's. */
export function accountHasPermission(account: Pick<Account, 'admin' | 'superAdmin' | 'permissions'> | null | undefined, permission: Permission): boolean {
  if (!account) return false;
  if (account.admin || account.superAdmin) return true;
  return (account.permissions ?? []).includes(permission);
}
