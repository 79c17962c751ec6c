import { useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { SidePanel, useApi, useHost } from '@cassette/plugin-sdk/ui';
import { AnnouncementForm } from './announcement-form.js';
import { AnnouncementsList } from './announcements-list.js';
import { announcementsMachine, unseenCount } from './announcements.machine.js';
import { MegaphoneIcon } from '@cassette/plugin-sdk/ui';
import { announcementsActors } from './machine-actors.js';
import { TopBarButton } from './top-bar-button.js';
import { ANNOUNCEMENTS_TITLE } from './texts.js';

/** Top-bar megaphone: a badge for unread announcements and the Announcements side panel. */
export function AnnouncementsBell() {
  const api = useApi();
  const { timezone, account } = useHost();
  const apiRef = useRef(api);
  apiRef.current = api;
  const [machine] = useState(() => announcementsMachine.provide({ actors: announcementsActors(() => apiRef.current) }));
  const [state, send] = useMachine(machine);
  const { announcements, error } = state.context;
  const unread = unseenCount(state.context);
  const open = state.matches('loading') || state.matches('open') || state.matches('failed');
  const close = () => send({ type: 'CLOSE' });

  return (
    <>
      <TopBarButton label={ANNOUNCEMENTS_TITLE} icon={<MegaphoneIcon />} badge={unread} onClick={() => send({ type: open ? 'CLOSE' : 'OPEN' })} />
      {open && (
        <SidePanel title={ANNOUNCEMENTS_TITLE} onClose={close}>
          {account.admin && (
            <div className="cs-announcement-form">
              <AnnouncementForm
                onPosted={() => {
                  // Closing and reopening refetches the list (and marks it read as usual).
                  send({ type: 'CLOSE' });
                  send({ type: 'OPEN' });
                }}
              />
            </div>
          )}
          <AnnouncementsList
            status={state.matches('loading') ? 'loading' : state.matches('failed') ? 'failed' : 'ready'}
            announcements={announcements}
            error={error}
            timeZone={timezone}
            onRetry={() => send({ type: 'RETRY' })}
            onNavigate={close}
          />
        </SidePanel>
      )}
    </>
  );
}
