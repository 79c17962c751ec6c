import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Button, Loader } from '@cassette/plugin-sdk/ui';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ErrorBoundary } from '../app/error-boundary.js';
import { FullPageLoader, FullPageMessage } from '../app/full-page.js';
import { HostProvider } from '../app/host-provider.js';
import { usePlugins } from '../plugins/plugin-boot.js';
import { PluginPage } from '../pages/plugin-page.js';
import { useSession } from '../session/session.js';
import { HOST_SETTINGS_TABS } from '../settings/host-tabs.js';
import { Layout } from '../shell/layout.js';
import { resolveRoute, type RouteDecision } from './resolve-route.js';
import { LOGIN_PATH, RESET_PASSWORD_PATH, SESSIONS_PATTERN, SIGNUP_PATH } from './routes.js';

const LoginPage = lazy(() => import('../auth/login.page.js'));
const SignupPage = lazy(() => import('../auth/signup.page.js'));
const ResetPasswordPage = lazy(() => import('../auth/reset-password.page.js'));
const SettingsPage = lazy(() => import('../settings/settings.page.js'));
const OnboardingPage = lazy(() => import('../onboarding/onboarding.page.js'));
const SessionsPlaceholderPage = lazy(() => import('../pages/sessions-placeholder.page.js'));

function Redirect({ decision }: { decision: Extract<RouteDecision, { kind: 'redirect' }> }) {
  const navigate = useNavigate();
  const { rememberedPath } = useSession();
  const { to, remember, forget } = decision;
  useEffect(() => {
    if (remember !== undefined) rememberedPath.current = remember;
    if (forget) rememberedPath.current = null;
    navigate(to, { replace: true });
  }, [to, remember, forget, navigate, rememberedPath]);
  return null;
}

function SwitchProject({ siteId }: { siteId: number }) {
  const { selectProject } = useSession();
  useEffect(() => selectProject(siteId), [siteId, selectProject]);
  return <FullPageLoader />;
}

/** Applies the routing rules, then renders the logged-out pages or the shell. */
export function AppRoutes() {
  const session = useSession();
  const { registry } = usePlugins();
  const location = useLocation();

  const hostSessionsPage = !registry.pages.some((p) => p.path === SESSIONS_PATTERN);
  const pagePaths = useMemo(
    () => [...registry.pages.map((p) => p.path), ...(hostSessionsPage ? [SESSIONS_PATTERN] : [])],
    [registry.pages, hostSessionsPage],
  );
  const settingsTabs = useMemo(() => [...HOST_SETTINGS_TABS.map((t) => t.id), ...registry.settingsTabs.map((t) => t.id)], [registry.settingsTabs]);

  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'failed') return <BootFailed />;

  const loggedIn = session.status === 'ready';
  const decision = resolveRoute({
    loggedIn,
    onboarding: session.onboarding,
    path: location.pathname,
    search: location.search,
    projects: session.projects,
    currentSiteId: session.siteId,
    pagePaths,
    settingsTabs,
    rememberedPath: session.rememberedPath.current,
  });
  if (decision.kind === 'redirect') return <Redirect decision={decision} />;
  if (decision.kind === 'switchProject') return <SwitchProject siteId={decision.siteId} />;

  if (!loggedIn) {
    return (
      <ErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<FullPageLoader />}>
          <Routes>
            <Route path={LOGIN_PATH} element={<LoginPage />} />
            <Route path={SIGNUP_PATH} element={<SignupPage />} />
            <Route path={RESET_PASSWORD_PATH} element={<ResetPasswordPage />} />
          </Routes>
        </Suspense>
      </ErrorBoundary>
    );
  }

  return (
    <HostProvider>
      <Layout>
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<Loader />}>
            <Routes>
              <Route path="/client/:activeTab" element={<SettingsPage />} />
              <Route path="/onboarding/:activeTab" element={<OnboardingPage />} />
              {registry.pages.map((page) => (
                <Route key={page.path} path={page.path} element={<PluginPage page={page} />} />
              ))}
              {hostSessionsPage && <Route path={SESSIONS_PATTERN} element={<SessionsPlaceholderPage />} />}
              <Route path="*" element={null} />
            </Routes>
          </Suspense>
        </ErrorBoundary>
      </Layout>
    </HostProvider>
  );
}

function BootFailed() {
  const session = useSession();
  return (
    <FullPageMessage title="Your workspace could not be loaded" errors={session.errors}>
      <Button variant="primary" onClick={session.retry}>
        Retry
      </Button>
      <Button variant="ghost" onClick={() => void session.logout()}>
        Logout
      </Button>
    </FullPageMessage>
  );
}
