import { OPERATOR_LABELS, type NumberOperator, type TextOperator } from '../../../shared/filter-catalogue.js';

export function operatorLabel(operator: string): string {
  return OPERATOR_LABELS[operator as TextOperator | NumberOperator] ?? operator;
}

/** Spec part 1 §3: thresholds read "above", "above or equal to", "below", "below or equal to". */
const THRESHOLD_WORDS: Partial<Record<string, NumberOperator>> = { '>': 'above', '>=': 'aboveOrEqual', '<': 'below', '<=': 'belowOrEqual', '=': 'equal' };

export function thresholdOperatorLabel(operator: string): string {
  const word = THRESHOLD_WORDS[operator];
  return word ? OPERATOR_LABELS[word] : operatorLabel(operator);
}
