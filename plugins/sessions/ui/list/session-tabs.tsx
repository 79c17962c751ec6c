import { ISSUE_LIST_NAMES, VISIBLE_ISSUE_TYPES } from './issue-names.js';
import type { SessionListTab } from './use-session-search.js';

export const SESSION_LIST_TABS: ReadonlyArray<{ tab: SessionListTab; label: string }> = [
  { tab: 'all', label: 'All' },
  { tab: 'bookmark', label: 'Bookmarks' },
  ...VISIBLE_ISSUE_TYPES.map((type) => ({ tab: type, label: ISSUE_LIST_NAMES[type] })),
];

/** A tab another plugin adds (`sessionsSlots.listTabs`), shown after "All". */
export interface ContributedTab {
  id: string;
  label: string;
}

export interface SessionTabsProps {
  active: SessionListTab;
  onChange(tab: SessionListTab): void;
  contributed?: readonly ContributedTab[];
  /** Tabs of the project's own after the built-in ones: one per visible watchdog rule. */
  extra?: ReadonlyArray<{ tab: SessionListTab; label: string }>;
  /** The contributed tab open now (it stands in place of the list), or null. */
  activeContributed?: string | null;
  onContributed?(id: string): void;
}

/** "All", the tabs other plugins add (Live), the other built-in tabs, then the project's watchdog rules. */
export function SessionTabs({ active, onChange, extra = [], contributed = [], activeContributed = null, onContributed }: SessionTabsProps) {
  const tab = (key: string, label: string, selected: boolean, onClick: () => void) => (
    <button
      key={key}
      type="button"
      role="tab"
      data-tab={key}
      aria-selected={selected}
      className={['cs-session-tabs__tab', selected ? 'cs-session-tabs__tab--active' : ''].filter(Boolean).join(' ')}
      onClick={() => !selected && onClick()}
    >
      {label}
    </button>
  );
  const own = [...SESSION_LIST_TABS, ...extra].map(({ tab: t, label }) => tab(t, label, activeContributed === null && t === active, () => onChange(t)));
  const added = contributed.map(({ id, label }) => tab(id, label, activeContributed === id, () => onContributed?.(id)));
  return (
    <div className="cs-session-tabs" role="tablist" aria-label="Sessions">
      {own[0]}
      {added}
      {own.slice(1)}
    </div>
  );
}
