// How a funnel stage is named (spec part 1 §3 "Stage": label 'Step n', header like 'Visited URL is /checkout').
import type { NumberOperator, SearchFilterItem, TextOperator } from '@cassette/plugin-sessions/api';

/** The spec's words for the four interaction steps; other event keys use their filter label. */
const STEP_WORDS: Record<string, string> = {
  LOCATION: 'Visited URL',
  CLICK: 'Clicked',
  INPUT: 'Entered',
  CUSTOM: 'Custom Event',
  FETCH: 'Network Request',
  GRAPHQL: 'GraphQL',
  STATEACTION: 'State Action',
  ERROR: 'Error Message',
  DOM_COMPLETE: 'DOM Complete',
  LARGEST_CONTENTFUL_PAINT_TIME: 'Largest Contentful Paint',
  TTFB: 'Time to First Byte',
  FETCH_FAILED: 'Failed Request',
};

/** The filter UI's words for each operator (the sessions plugin's filter catalogue). */
const OPERATOR_WORDS: Record<TextOperator | NumberOperator, string> = {
  is: 'is',
  isNot: 'is not',
  contains: 'contains',
  doesNotContain: 'does not contain',
  notContains: 'does not contain',
  startsWith: 'starts with',
  endsWith: 'ends with',
  isAny: 'is any',
  onAny: 'on any',
  onAnything: 'on anything',
  hasAnyValue: 'has any value',
  hasNoValue: 'has no value',
  isUndefined: 'is undefined',
  on: 'on',
  notOn: 'not on',
  onText: 'on text',
  onSelector: 'on selector',
  onComponent: 'on component',
  '=': '=',
  '!=': '≠',
  '<': '<',
  '>': '>',
  '<=': '≤',
  '>=': '≥',
  equal: 'equal to',
  notEqual: 'not equal to',
  greaterThan: 'greater than',
  lessThan: 'less than',
  above: 'above',
  aboveOrEqual: 'above or equal to',
  below: 'below',
  belowOrEqual: 'below or equal to',
};

/** The operator a step without one is read with (the filter catalogue's defaults of the event keys). */
const DEFAULT_OPERATORS: Record<string, string> = { CLICK: 'on', ERROR: 'contains', DOM_COMPLETE: 'isAny', LARGEST_CONTENTFUL_PAINT_TIME: 'isAny', TTFB: 'isAny', FETCH_FAILED: 'isAny', FETCH: 'isAny', GRAPHQL: 'isAny' };

export function stepOperator(step: SearchFilterItem): string {
  return step.operator || DEFAULT_OPERATORS[step.type] || 'is';
}

/** 'Visited URL is /checkout', 'Clicked on Buy now, Pay', 'Custom Event is any'. */
export function stageHeader(step: SearchFilterItem): string {
  const what = STEP_WORDS[step.type] ?? (step.label?.trim() || step.type);
  const operator = stepOperator(step);
  const words = OPERATOR_WORDS[operator as TextOperator | NumberOperator] ?? operator;
  const values = (step.value ?? []).filter((v) => v !== null && v !== '').map(String);
  return [what, words, values.join(', ')].filter((part) => part !== '').join(' ');
}

export const stageLabel = (index: number) => `Step ${index + 1}`;
