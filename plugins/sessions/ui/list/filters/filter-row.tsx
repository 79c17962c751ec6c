import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { useApi } from '@cassette/plugin-sdk/ui';
import type { SearchFilterItem } from '../../../shared/search.js';
import { filterKeyDef, type FilterKeyDef } from '../../../shared/filter-catalogue.js';
import { countryFlag, countryName } from '../../common/country.js';
import { DigitsInput } from './digits-input.js';
import { DurationInput } from './duration-input.js';
import { defOf, itemLabel, newItem, operatorNeedsValue, type MetadataField } from './filter-item.js';
import { operatorLabel } from './operator-labels.js';
import { OptionsInput } from './options-input.js';
import { suggestionPath, toValueSuggestions, type ValueSuggestion } from './suggestions.js';
import { targetSuggestions, withTargets } from '../../targets/target-suggestions.js';
import type { TargetsAnswer } from '../../../shared/targets.js';
import { ThresholdInput } from './threshold-input.js';
import { ValueInput } from './value-input.js';
import type { WatchdogStatus } from '../../../shared/watchdogs.js';
import { useWatchdogStatus } from '../../watchdogs/watchdog-status.js';

export interface FilterRowProps {
  item: SearchFilterItem;
  projectId: number;
  metadata: readonly MetadataField[];
  /** `debounce`: a value edit, sent after a pause (spec part 1 §9); otherwise at once. */
  onChange(item: SearchFilterItem, debounce: boolean): void;
  onRemove(): void;
  /** Event steps are numbered from 1. */
  step?: number;
  onMoveUp?(): void;
  onMoveDown?(): void;
  /** Points at the row (a filter that was added again); a new number points again. */
  blink?: number;
  /** A sub-filter of a network request or GraphQL row. */
  nested?: boolean;
}

const countryLabel = (code: string) => `${countryFlag(code)} ${countryName(code)}`.trim();

export function FilterRow({ item, projectId, metadata, onChange, onRemove, step, onMoveUp, onMoveDown, blink, nested }: FilterRowProps) {
  const api = useApi();
  const baseDef = defOf(item, metadata);
  const watchdogStatus = useWatchdogStatus(api, baseDef?.key === 'ISSUE' ? projectId : null);
  const def = withWatchdogOptions(baseDef, watchdogStatus);
  const label = itemLabel(item, metadata);
  const rowRef = useRef<HTMLDivElement>(null);
  const valueRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (blink === undefined) return;
    const target = valueRef.current ?? rowRef.current?.querySelector<HTMLElement>('input, select, button');
    target?.focus();
    rowRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [blink]);

  const suggest = useMemo(() => {
    if (!def || !suggestionPath(projectId, item, def, '')) return null;
    const path = (query: string) => suggestionPath(projectId, item, def, query)!;
    if (item.type === 'CLICK' && item.operator === 'onSelector') {
      // Named targets first (a failed list of them leaves the recorded selectors).
      return async (query: string) => {
        const [targets, others] = await Promise.all([
          api.get<TargetsAnswer>(`/${projectId}/targets_temp`).then((answer) => answer.targets ?? [], () => []),
          api.get<unknown>(path(query)),
        ]);
        return withTargets(targetSuggestions(targets, query), toValueSuggestions(def, query, others, countryLabel));
      };
    }
    return async (query: string) => toValueSuggestions(def, query, await api.get<unknown>(path(query)), countryLabel);
    // The loader depends on what decides the route, not on the values being edited.
  }, [api, projectId, def, item.type, item.operator, JSON.stringify(item.source)]);

  const className = ['cs-filter-row', nested ? 'cs-filter-row--nested' : '', blink !== undefined ? 'cs-filter-row--blink' : ''].filter(Boolean).join(' ');
  const testId = nested ? 'sub-filter-row' : step !== undefined ? 'event-step' : 'filter-attribute';

  if (!def) {
    return (
      <div ref={rowRef} className={className} data-testid={testId} data-filter-type={item.type}>
        <span className="cs-filter-row__label">{label}</span>
        <span className="cs-filter-row__warning">This filter is not known to this version and is not searched. Remove it.</span>
        <RemoveButton label={label} onRemove={onRemove} />
      </div>
    );
  }

  const change = (patch: Partial<SearchFilterItem>, debounce: boolean) => onChange({ ...item, ...patch }, debounce);
  const values = (item.value ?? []).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String);

  return (
    <div ref={rowRef} className={className} data-testid={testId} data-filter-type={item.type} data-blink={blink !== undefined ? 'true' : undefined}>
      <div className="cs-filter-row__main">
        {step !== undefined && (
          <span className="cs-filter-row__step" aria-label={`Step ${step}`}>
            {step}
          </span>
        )}
        <span className="cs-filter-row__label">{label}</span>
        {def.operators.length > 1 && (
          <select className="cs-input cs-select cs-filter-row__operator" aria-label={`${label} operator`} value={item.operator ?? def.defaultOperator} onChange={(e) => change({ operator: e.target.value }, false)}>
            {def.operators.map((op) => (
              <option key={op} value={op}>
                {operatorLabel(op)}
              </option>
            ))}
          </select>
        )}
        {operatorNeedsValue(item.operator ?? def.defaultOperator) && <ValueEditor def={def} item={item} label={label} values={values} suggest={suggest} valueRef={valueRef} onChange={change} />}
        {def.source && (
          <ThresholdInput
            label={label}
            source={def.source}
            operator={item.sourceOperator}
            value={firstNumber(item.source)}
            onOperatorChange={(sourceOperator) => change({ sourceOperator }, false)}
            onValueChange={(n) => change({ source: n === null ? [] : [n] }, true)}
          />
        )}
        <span className="cs-filter-row__actions">
          {onMoveUp && (
            <button type="button" className="cs-icon-btn" aria-label={`Move step ${step} up`} onClick={onMoveUp}>
              ↑
            </button>
          )}
          {onMoveDown && (
            <button type="button" className="cs-icon-btn" aria-label={`Move step ${step} down`} onClick={onMoveDown}>
              ↓
            </button>
          )}
          <RemoveButton label={step !== undefined ? `step ${step} (${label})` : label} onRemove={onRemove} />
        </span>
      </div>
      {def.subFilters && <SubFilters item={item} def={def} label={label} projectId={projectId} metadata={metadata} onChange={onChange} />}
    </div>
  );
}

/** The Issue filter offers the project's enabled watchdog rules after the built-in types (hidden ones too: they are searchable). */
function withWatchdogOptions(def: FilterKeyDef | undefined, status: WatchdogStatus | null): FilterKeyDef | undefined {
  if (!def || def.key !== 'ISSUE' || !status || status.watchdogs.length === 0) return def;
  return { ...def, options: [...(def.options ?? []), ...status.watchdogs.map((w) => ({ value: w.key, label: w.name }))] };
}

function RemoveButton({ label, onRemove }: { label: string; onRemove(): void }) {
  return (
    <button type="button" className="cs-icon-btn cs-filter-row__remove" aria-label={`Remove ${label}`} onClick={onRemove}>
      ×
    </button>
  );
}

interface ValueEditorProps {
  def: FilterKeyDef;
  item: SearchFilterItem;
  label: string;
  values: string[];
  suggest: ((query: string) => Promise<ValueSuggestion[]>) | null;
  valueRef: RefObject<HTMLInputElement | null>;
  onChange(patch: Partial<SearchFilterItem>, debounce: boolean): void;
}

function ValueEditor({ def, item, label, values, suggest, valueRef, onChange }: ValueEditorProps) {
  switch (def.valueKind) {
    case 'options':
      return <OptionsInput label={label} options={def.options ?? []} values={values} onChange={(value) => onChange({ value }, true)} />;
    case 'number':
      // Spec part 1 §5: a number filter takes a single value.
      return <DigitsInput ref={valueRef} aria-label={`${label} value`} placeholder={def.placeholder ?? 'Enter a number'} value={firstNumber(item.value)} onChange={(n) => onChange({ value: n === null ? [] : [n] }, true)} />;
    case 'durationRange':
      return <DurationInput label={label} value={item.value} onChange={(value) => onChange({ value }, true)} />;
    case 'none':
      return null;
    default:
      return (
        <ValueInput
          ref={valueRef}
          label={label}
          values={values}
          placeholder={def.placeholder}
          suggest={suggest}
          suggestSource={`${item.type}|${item.operator ?? ''}|${JSON.stringify(item.source ?? null)}`}
          display={def.suggest === 'countries' ? countryLabel : undefined}
          onChange={(value) => onChange({ value }, true)}
        />
      );
  }
}

/** A network request's (or GraphQL call's) conditions, all on the same request. */
function SubFilters({ item, def, label, projectId, metadata, onChange }: { item: SearchFilterItem; def: FilterKeyDef; label: string; projectId: number; metadata: readonly MetadataField[]; onChange: FilterRowProps['onChange'] }) {
  const subs = item.filters ?? [];
  const unused = (def.subFilters ?? []).map((key) => filterKeyDef(key)!).filter((d) => !subs.some((s) => s.type === d.key));
  const setSubs = (filters: SearchFilterItem[], debounce: boolean) => onChange({ ...item, filters }, debounce);
  return (
    <div className="cs-filter-row__subs" role="group" aria-label={`${label} conditions`}>
      {subs.map((sub, i) => (
        <FilterRow
          key={sub.type}
          item={sub}
          nested
          projectId={projectId}
          metadata={metadata}
          onChange={(next, debounce) => setSubs(subs.map((s, j) => (j === i ? next : s)), debounce)}
          onRemove={() => setSubs(subs.filter((_, j) => j !== i), false)}
        />
      ))}
      {unused.length > 0 && (
        <select
          className="cs-input cs-select cs-filter-row__add-sub"
          aria-label={`Add a condition to ${label}`}
          value=""
          onChange={(e) => {
            const chosen = unused.find((d) => d.key === e.target.value);
            if (chosen) setSubs([...subs, newItem(chosen)], false);
          }}
        >
          <option value="">+ Add condition</option>
          {unused.map((d) => (
            <option key={d.key} value={d.key}>
              {d.label}
            </option>
          ))}
        </select>
      )}
      {subs.length === 0 && <span className="cs-muted cs-filter-row__hint">Matches any {label.toLowerCase()}; add a condition to narrow it.</span>}
    </div>
  );
}

function firstNumber(value: unknown): number | null {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'number' && Number.isFinite(first) ? first : typeof first === 'string' && /^\d+$/.test(first) ? Number(first) : null;
}
