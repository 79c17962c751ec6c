import { useHost } from '@cassette/plugin-sdk/ui';
import { WatchdogIcon } from './watchdog-icon.js';
import { useWatchdogStatus } from './watchdog-status.js';

/** A session row's watchdog rules, drawn like its built-in issues: the rule's icon, named on hover. Hidden rules are left out. */
export function WatchdogBadges({ projectId, watchdogIds }: { projectId: number; watchdogIds: readonly number[] }) {
  const { api } = useHost();
  const status = useWatchdogStatus(api, watchdogIds.length > 0 ? projectId : null);
  if (!status || watchdogIds.length === 0) return null;
  const shown = status.watchdogs.filter((w) => w.visible && watchdogIds.includes(w.watchdogId));
  return (
    <>
      {shown.map((w) => (
        <span key={w.watchdogId} className="cs-session-issue cs-session-issue--watchdog" title={w.name} data-watchdog={w.key}>
          <WatchdogIcon icon={w.icon} title={w.name} />
        </span>
      ))}
    </>
  );
}
