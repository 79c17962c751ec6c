import type { KeyboardEvent, ReactNode } from 'react';
import { formatElapsed, Input } from '@cassette/plugin-sdk/ui';
import './panels.css';

/** Props that make a list row act as a button (click, Enter, Space) without nesting real buttons in one. */
export function activatable(onActivate: () => void) {
  return {
    role: 'button' as const,
    tabIndex: 0,
    onClick: onActivate,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.target !== event.currentTarget) return;
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onActivate();
      }
    },
  };
}

/** Row state classes shared by the timed lists: played rows fade, the current one stands out. */
export function playbackClasses(index: number, currentIndex: number): string[] {
  return [index <= currentIndex ? 'cs-panel-row--played' : '', index === currentIndex ? 'cs-panel-row--current' : ''].filter(Boolean);
}

export function PanelToolbar({ children }: { children: ReactNode }) {
  return <div className="cs-panel__toolbar">{children}</div>;
}

export interface FilterTabsProps<T extends string> {
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange(value: T): void;
}

export function FilterTabs<T extends string>({ label, options, value, onChange }: FilterTabsProps<T>) {
  return (
    <div className="cs-panel__tabs" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={['cs-panel__tab', option.value === value ? 'cs-panel__tab--active' : ''].filter(Boolean).join(' ')}
          aria-pressed={option.value === value}
          data-filter={option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

export function SearchField({ label, value, onChange, placeholder }: { label: string; value: string; onChange(value: string): void; placeholder?: string }) {
  return (
    <div className="cs-panel__search">
      <Input type="search" aria-label={label} placeholder={placeholder ?? label} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** A time that seeks on its own, inside rows whose click does something else too. */
export function SeekTime({ time, seek }: { time: number; seek(time: number): void }) {
  return (
    <button
      type="button"
      className="cs-panel__time cs-panel__time--link"
      title="Jump to this moment"
      onClick={(event) => {
        event.stopPropagation();
        seek(time);
      }}
    >
      {formatElapsed(time, { padMinutes: true })}
    </button>
  );
}
