import type { FilterKeyDef } from '../../../shared/filter-catalogue.js';
import { DigitsInput } from './digits-input.js';
import { thresholdOperatorLabel } from './operator-labels.js';

export interface ThresholdInputProps {
  label: string;
  source: NonNullable<FilterKeyDef['source']>;
  operator: string | undefined;
  /** The threshold, one number (the item's `source`). */
  value: number | null;
  onOperatorChange(operator: string): void;
  onValueChange(value: number | null): void;
}

/** A performance row's threshold: "above or equal to 300 ms". */
export function ThresholdInput({ label, source, operator, value, onOperatorChange, onValueChange }: ThresholdInputProps) {
  return (
    <div className="cs-filter-threshold">
      <select className="cs-input cs-select" aria-label={`${label} threshold operator`} value={operator ?? source.defaultOperator} onChange={(e) => onOperatorChange(e.target.value)}>
        {source.operators.map((op) => (
          <option key={op} value={op}>
            {thresholdOperatorLabel(op)}
          </option>
        ))}
      </select>
      <DigitsInput aria-label={`${label} threshold in ${source.unit}`} placeholder="Threshold" value={value} onChange={onValueChange} />
      <span className="cs-muted cs-filter-threshold__unit">{source.unit}</span>
    </div>
  );
}
