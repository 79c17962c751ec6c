import { Toasts } from '@cassette/plugin-sdk/ui';
import { BrowserRouter } from 'react-router-dom';
import { PluginBoot } from '../plugins/plugin-boot.js';
import { AppRoutes } from '../routing/app-routes.js';
import { SessionProvider } from '../session/session.js';

/** Toasts → session (token, account, projects) → enabled plugins' UI → routes. */
export function App() {
  return (
    <BrowserRouter>
      <Toasts>
        <SessionProvider>
          <PluginBoot>
            <AppRoutes />
          </PluginBoot>
        </SessionProvider>
      </Toasts>
    </BrowserRouter>
  );
}
