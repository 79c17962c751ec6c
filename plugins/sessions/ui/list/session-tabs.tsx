import { ISSUE_LIST_NAMES, VISIBLE_ISSUE_TYPES } from './issue-names.js';
import type { SessionListTab } from './use-session-search.js';

export const SESSION_LIST_TABS: ReadonlyArray<{ tab: SessionListTab; label: string }> = [
  { tab: 'all', label: 'All' },
  { tab: 'bookmark', label: 'Bookmarks' },
  ...VISIBLE_ISSUE_TYPES.map((type) => ({ tab: type, label: ISSUE_LIST_NAMES[type] })),
];

/** The built-in tabs, then one per visible watchdog rule of the project (`extra`). */
export function SessionTabs({ active, onChange, extra = [] }: { active: SessionListTab; onChange(tab: SessionListTab): void; extra?: ReadonlyArray<{ tab: SessionListTab; label: string }> }) {
  return (
    <div className="cs-session-tabs" role="tablist" aria-label="Sessions">
      {[...SESSION_LIST_TABS, ...extra].map(({ tab, label }) => (
        <button
          key={tab}
          type="button"
          role="tab"
          data-tab={tab}
          aria-selected={tab === active}
          className={['cs-session-tabs__tab', tab === active ? 'cs-session-tabs__tab--active' : ''].filter(Boolean).join(' ')}
          onClick={() => tab !== active && onChange(tab)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
