import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CONNECTION_ERROR, createApiClient, useToasts, type Account, type ApiClient, type Client } from '@cassette/plugin-sdk/ui';
import { errorsOf, statusOf } from '../app/errors.js';
import { STORAGE_KEYS, store } from '../app/storage.js';
import type { AuthResult } from '../auth/auth-result.js';
import { parseStoredId, pickProjectId } from './project-selection.js';
import { withRefreshedAccess } from './refreshed-access.js';
import type { Project } from './types.js';

/**
 * anonymous: no token. loading: a token exists, account/projects/client are being fetched.
 * passwordChange: the account must change its password before anything else (/login shows it).
 * ready: logged in. failed: loading failed for a reason other than a lost login (connection, a refusal).
 */
export type SessionStatus = 'anonymous' | 'loading' | 'passwordChange' | 'ready' | 'failed';

export interface SessionState {
  token: string | null;
  status: SessionStatus;
  account: Account | null;
  client: Client | null;
  projects: Project[];
  siteId: number | null;
  onboarding: boolean;
  errors: string[];
}

export interface Session extends SessionState {
  api: ApiClient;
  /** Store the session a login-like call returned; the account, projects and client are then (re)loaded. */
  login(result: AuthResult): void;
  /** A new token for the same logged-in user (e.g. after a password change): no reload. */
  refreshAuth(result: AuthResult): void;
  /** Forget the token and every piece of state (the login is gone: a 401). */
  clear(): void;
  logout(): Promise<void>;
  retry(): void;
  selectProject(projectId: number): void;
  reloadProjects(): Promise<void>;
  setAccount(account: Account): void;
  setClient(client: Client): void;
  setOnboarding(on: boolean): void;
  /** The path a logged-out visitor asked for (kept until login). */
  rememberedPath: { current: string | null };
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() outside <SessionProvider>');
  return value;
}

function initialState(): SessionState {
  const token = store.get(STORAGE_KEYS.token);
  return {
    token,
    status: token ? 'loading' : 'anonymous',
    account: null,
    client: null,
    projects: [],
    siteId: parseStoredId(store.get(STORAGE_KEYS.siteId)),
    onboarding: store.flag(STORAGE_KEYS.onboarding),
    errors: [],
  };
}

/** After the account, projects and client, the rest waits this long (spec part 1 §4). */
export const DEFERRED_FETCH_MS = 100;

export function SessionProvider({ children }: { children: ReactNode }) {
  const toast = useToasts();
  const [state, setState] = useState<SessionState>(initialState);
  const tokenRef = useRef<string | null>(state.token);
  const rememberedPath = useRef<string | null>(null);
  // Increments on every login/clear so answers of an older session are dropped.
  const generation = useRef(0);
  const [attempt, setAttempt] = useState(0);

  const clear = useCallback(() => {
    generation.current += 1;
    tokenRef.current = null;
    store.set(STORAGE_KEYS.token, null);
    store.setFlag(STORAGE_KEYS.onboarding, false);
    setState((s) => ({ ...s, token: null, status: 'anonymous', account: null, client: null, projects: [], onboarding: false, errors: [] }));
  }, []);

  // The 403 handler re-reads the account through the client it is an option of.
  const apiRef = useRef<ApiClient | null>(null);
  const statusRef = useRef(state.status);
  statusRef.current = state.status;
  const refreshing = useRef(false);

  /** After a 403: the login stays; what the account may do is read again (see withRefreshedAccess). */
  const refreshAccess = useCallback(async () => {
    const client = apiRef.current;
    if (!client || refreshing.current || statusRef.current !== 'ready') return;
    refreshing.current = true;
    const mine = generation.current;
    try {
      const account = await client.get<Account>('/account');
      const projects = account.changePassword ? [] : await client.get<Project[]>('/projects');
      if (generation.current !== mine) return;
      setState((s) => {
        const next = withRefreshedAccess(s, account, projects, parseStoredId(store.get(STORAGE_KEYS.siteId)));
        if (next.siteId !== s.siteId) store.set(STORAGE_KEYS.siteId, next.siteId === null ? null : String(next.siteId));
        return next;
      });
    } catch {
      // The refused call already shows its message; a failed re-read changes nothing.
    } finally {
      refreshing.current = false;
    }
  }, []);

  const api = useMemo(() => {
    const client = createApiClient({
      getToken: () => tokenRef.current,
      onLoginGone: () => clear(),
      onNotAllowed: () => void refreshAccess(),
      onConnectionError: () => toast(CONNECTION_ERROR, 'error'),
    });
    apiRef.current = client;
    return client;
  }, [clear, refreshAccess, toast]);

  const login = useCallback((result: AuthResult) => {
    generation.current += 1;
    tokenRef.current = result.jwt;
    store.set(STORAGE_KEYS.token, result.jwt);
    setState((s) => ({
      ...s,
      token: result.jwt,
      status: result.account.changePassword ? 'passwordChange' : 'loading',
      account: result.account,
      client: result.client,
      errors: [],
    }));
  }, []);

  const refreshAuth = useCallback((result: AuthResult) => {
    tokenRef.current = result.jwt;
    store.set(STORAGE_KEYS.token, result.jwt);
    setState((s) => ({ ...s, token: result.jwt, account: result.account, client: result.client ?? s.client }));
  }, []);

  // Becoming logged in: the account, then the projects, then the client (spec part 1 §4).
  useEffect(() => {
    if (state.status !== 'loading' || !state.token) return;
    const mine = generation.current;
    const current = () => generation.current === mine;
    (async () => {
      try {
        const account = await api.get<Account>('/account');
        if (!current()) return;
        if (account.changePassword) {
          setState((s) => ({ ...s, account, status: 'passwordChange' }));
          return;
        }
        const projects = await api.get<Project[]>('/projects');
        if (!current()) return;
        const client = await api.get<Client>('/client');
        if (!current()) return;
        setState((s) => {
          const siteId = pickProjectId(projects, parseStoredId(store.get(STORAGE_KEYS.siteId)), s.siteId);
          store.set(STORAGE_KEYS.siteId, siteId === null ? null : String(siteId));
          return { ...s, account, client, projects, siteId, status: 'ready', errors: [] };
        });
      } catch (error) {
        if (!current()) return;
        const status = statusOf(error);
        if (status === 401) return; // onLoginGone already cleared the session
        setState((s) => ({ ...s, status: 'failed', errors: errorsOf(error) }));
      }
    })();
    // `attempt` re-runs the sequence after a failure.
  }, [api, state.status, state.token, attempt]);

  const retry = useCallback(() => {
    setState((s) => (s.token ? { ...s, status: 'loading', errors: [] } : s));
    setAttempt((n) => n + 1);
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.post('/logout');
    } catch {
      // The token is dropped locally either way.
    }
    rememberedPath.current = null;
    clear();
  }, [api, clear]);

  const selectProject = useCallback((projectId: number) => {
    store.set(STORAGE_KEYS.siteId, String(projectId));
    setState((s) => (s.siteId === projectId ? s : { ...s, siteId: projectId }));
  }, []);

  const reloadProjects = useCallback(async () => {
    const mine = generation.current;
    const projects = await api.get<Project[]>('/projects');
    if (generation.current !== mine) return;
    setState((s) => {
      const siteId = pickProjectId(projects, parseStoredId(store.get(STORAGE_KEYS.siteId)), s.siteId);
      store.set(STORAGE_KEYS.siteId, siteId === null ? null : String(siteId));
      return { ...s, projects, siteId };
    });
  }, [api]);

  const setAccount = useCallback((account: Account) => setState((s) => ({ ...s, account })), []);
  const setClient = useCallback((client: Client) => setState((s) => ({ ...s, client })), []);
  const setOnboarding = useCallback((on: boolean) => {
    store.setFlag(STORAGE_KEYS.onboarding, on);
    setState((s) => ({ ...s, onboarding: on }));
  }, []);

  const value = useMemo<Session>(
    () => ({
      ...state,
      api,
      login,
      refreshAuth,
      clear,
      logout,
      retry,
      selectProject,
      reloadProjects,
      setAccount,
      setClient,
      setOnboarding,
      rememberedPath,
    }),
    [state, api, login, refreshAuth, clear, logout, retry, selectProject, reloadProjects, setAccount, setClient, setOnboarding],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
