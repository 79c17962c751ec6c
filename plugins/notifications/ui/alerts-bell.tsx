import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { SidePanel, useApi, useHost } from '@cassette/plugin-sdk/ui';
import { AlertsList } from './alerts-list.js';
import { alertsMachine } from './alerts.machine.js';
import { BellIcon } from '@cassette/plugin-sdk/ui';
import { alertsActors } from './machine-actors.js';
import { TopBarButton } from './top-bar-button.js';
import { ALERTS_TITLE } from './texts.js';

/** Top-bar bell: the unviewed-alerts badge (polled) and the Alerts side panel. */
export function AlertsBell() {
  const api = useApi();
  const { timezone, currentProject } = useHost();
  const apiRef = useRef(api);
  apiRef.current = api;
  const [machine] = useState(() => alertsMachine.provide({ actors: alertsActors(() => apiRef.current) }));
  const [state, send] = useMachine(machine);
  const { count, notifications, error } = state.context;
  const panel = state.matches({ panel: 'closed' }) ? null : state.matches({ panel: 'loading' }) ? 'loading' : state.matches({ panel: 'failed' }) ? 'failed' : 'ready';
  const close = () => send({ type: 'CLOSE' });
  // Switching project fetches the alerts again (spec part 1 §4) rather than waiting for the next 5-minute tick.
  const projectId = currentProject?.id ?? null;
  const shownFor = useRef(projectId);
  useEffect(() => {
    if (shownFor.current === projectId) return;
    shownFor.current = projectId;
    send({ type: 'REFRESH_COUNT' });
  }, [projectId, send]);

  return (
    <>
      <TopBarButton label={ALERTS_TITLE} icon={<BellIcon />} badge={count} onClick={() => send({ type: panel ? 'CLOSE' : 'OPEN' })} />
      {panel && (
        <SidePanel title={ALERTS_TITLE} onClose={close}>
          <AlertsList
            status={panel}
            notifications={notifications}
            unviewedCount={count}
            error={error}
            timeZone={timezone}
            onRetry={() => send({ type: 'RETRY' })}
            onMarkViewed={(id) => send({ type: 'MARK_VIEWED', id })}
            onIgnoreAll={() => send({ type: 'IGNORE_ALL' })}
            onNavigate={close}
          />
        </SidePanel>
      )}
    </>
  );
}
