import type { SearchFilterItem, SessionSearchFilter } from '@cassette/plugin-sessions/api';
import { Button, Input, Select } from '@cassette/plugin-sdk/ui';
import { EMPTY_SERIES_TEXT, EMPTY_TABLE_SERIES_TEXT } from '../constants.js';

/**
 * The filter keys a series offers, with the session search's labels and operators. The sessions
 * plugin's filter bar is not offered to other plugins (its api entry exports types only), so a
 * series edits its filter here, with the keys people chart most.
 */
const KEYS: { key: string; label: string; isEvent: boolean; operators: string[]; placeholder: string }[] = [
  { key: 'LOCATION', label: 'Visited URL', isEvent: true, operators: ['is', 'isNot', 'contains', 'startsWith', 'endsWith'], placeholder: '/checkout' },
  { key: 'CLICK', label: 'Clicked', isEvent: true, operators: ['on', 'notOn', 'contains', 'startsWith'], placeholder: 'Button text' },
  { key: 'INPUT', label: 'Entered', isEvent: true, operators: ['is', 'contains', 'startsWith'], placeholder: 'Field label' },
  { key: 'CUSTOM', label: 'Custom Event', isEvent: true, operators: ['is', 'contains'], placeholder: 'Event name' },
  { key: 'USERBROWSER', label: 'User Browser', isEvent: false, operators: ['is', 'isNot', 'contains'], placeholder: 'Chrome' },
  { key: 'USEROS', label: 'User OS', isEvent: false, operators: ['is', 'isNot', 'contains'], placeholder: 'Windows' },
  { key: 'USERDEVICE', label: 'User Device', isEvent: false, operators: ['is', 'isNot', 'contains'], placeholder: 'iPhone' },
  { key: 'USERCOUNTRY', label: 'User Country', isEvent: false, operators: ['is', 'isNot'], placeholder: 'DE' },
  { key: 'USERID', label: 'User Id', isEvent: false, operators: ['is', 'isNot', 'contains', 'startsWith'], placeholder: 'user@example.com' },
  { key: 'REFERRER', label: 'Referrer', isEvent: false, operators: ['is', 'contains', 'startsWith'], placeholder: 'https://' },
];
const OPERATOR_LABELS: Record<string, string> = { is: 'is', isNot: 'is not', contains: 'contains', startsWith: 'starts with', endsWith: 'ends with', on: 'on', notOn: 'not on' };
const keyDef = (key: string) => KEYS.find((k) => k.key === key) ?? KEYS[0]!;

interface Row {
  item: SearchFilterItem;
  list: 'events' | 'filters';
  at: number;
}

export interface SeriesFilterEditorProps {
  filter: SessionSearchFilter;
  table: boolean;
  onChange(filter: SessionSearchFilter): void;
}

/** A series' steps and attributes: key, operator, value; 'Add Step' appends a visited-URL step. */
export function SeriesFilterEditor({ filter, table, onChange }: SeriesFilterEditorProps) {
  const rows: Row[] = [...(filter.events ?? []).map((item, at) => ({ item, list: 'events' as const, at })), ...(filter.filters ?? []).map((item, at) => ({ item, list: 'filters' as const, at }))];
  const replace = (row: Row, next: SearchFilterItem | null) => {
    const events = [...(filter.events ?? [])];
    const filters = [...(filter.filters ?? [])];
    (row.list === 'events' ? events : filters).splice(row.at, 1);
    if (next) (keyDef(next.type).isEvent ? events : filters).splice(keyDef(next.type).isEvent === (row.list === 'events') ? row.at : (keyDef(next.type).isEvent ? events : filters).length, 0, next);
    onChange({ ...filter, events, filters });
  };
  const add = () => onChange({ ...filter, events: [...(filter.events ?? []), { type: 'LOCATION', operator: 'is', value: [''], isEvent: true }] });

  return (
    <div className="cs-series-filter" data-testid="series-filter">
      {rows.length === 0 && <p className="cs-muted">{table ? EMPTY_TABLE_SERIES_TEXT : EMPTY_SERIES_TEXT}</p>}
      {rows.map((row) => {
        const def = keyDef(row.item.type);
        return (
          <div key={`${row.list}-${row.at}`} className="cs-series-filter__row" data-testid="series-filter-row">
            <Select
              aria-label="Filter"
              value={def.key}
              options={KEYS.map((k) => ({ value: k.key, label: k.label }))}
              onChange={(e) => {
                const next = keyDef(e.target.value);
                replace(row, { type: next.key, operator: next.operators[0], value: [''], isEvent: next.isEvent });
              }}
            />
            <Select aria-label="Operator" value={row.item.operator ?? def.operators[0]} options={def.operators.map((o) => ({ value: o, label: OPERATOR_LABELS[o] ?? o }))} onChange={(e) => replace(row, { ...row.item, operator: e.target.value })} />
            <Input aria-label="Value" placeholder={def.placeholder} value={String(row.item.value?.[0] ?? '')} onChange={(e) => replace(row, { ...row.item, value: [e.target.value] })} />
            <Button variant="ghost" size="small" aria-label="Remove filter" onClick={() => replace(row, null)}>
              ✕
            </Button>
          </div>
        );
      })}
      <Button variant="link" size="small" onClick={add}>
        Add Step
      </Button>
    </div>
  );
}
