import { useHost } from '@cassette/plugin-sdk/ui';
import { WATCHDOG_ICON_GLYPHS } from '../../shared/watchdogs.js';
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
          <span aria-hidden="true">{WATCHDOG_ICON_GLYPHS[w.icon] ?? '🔔'}</span>
          <span className="cs-visually-hidden">{w.name}</span>
        </span>
      ))}
    </>
  );
}
