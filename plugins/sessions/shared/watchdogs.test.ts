import { describe, expect, it } from 'vitest';
import { watchdogIdOfKey, watchdogIssueKey, watchdogProblems, WATCHDOG_RULES } from './watchdogs.js';

const valid = { name: 'Payment failed', ruleId: 'custom_event', ruleConfig: { value: 'payment_failed' } };

describe('watchdogProblems (spec part 2 §5: name and ruleId non-empty)', () => {
  it('accepts a complete rule of every kind', () => {
    expect(watchdogProblems(valid)).toEqual([]);
    for (const rule of WATCHDOG_RULES) {
      expect(watchdogProblems({ name: 'Rule', ruleId: rule.ruleId, ruleConfig: { value: rule.type === 'event' ? 'text' : 10 } }), rule.ruleId).toEqual([]);
    }
  });

  it('refuses an empty or blank name, and one too long or with control characters', () => {
    expect(watchdogProblems({ ...valid, name: '' })).toEqual(['Give the rule a name.']);
    expect(watchdogProblems({ ...valid, name: '   ' })).toEqual(['Give the rule a name.']);
    expect(watchdogProblems({ ...valid, name: undefined })).toEqual(['Give the rule a name.']);
    expect(watchdogProblems({ ...valid, name: 'x'.repeat(51) })).toEqual(['A rule name has at most 50 characters.']);
    expect(watchdogProblems({ ...valid, name: 'two\nlines' })).toEqual(['A rule name cannot contain control characters (tabs, line breaks, ...).']);
  });

  it('refuses an empty or unknown ruleId', () => {
    expect(watchdogProblems({ ...valid, ruleId: '' })).toEqual(['Choose what the rule watches.']);
    expect(watchdogProblems({ ...valid, ruleId: ' ' })).toEqual(['Choose what the rule watches.']);
    expect(watchdogProblems({ ...valid, ruleId: 'telepathy' })[0]).toMatch(/^Unknown rule "telepathy"; choose one of: custom_event, /);
  });

  it('wants a text for event rules and a positive number within bounds for thresholds', () => {
    expect(watchdogProblems({ ...valid, ruleConfig: { value: ' ' } })).toEqual(['Enter the event name the rule looks for.']);
    expect(watchdogProblems({ ...valid, ruleConfig: { value: 'x'.repeat(201) } })).toEqual(['The event name has at most 200 characters.']);
    const cpu = { name: 'Busy', ruleId: 'cpu_load' };
    expect(watchdogProblems({ ...cpu, ruleConfig: { value: 0 } })).toEqual(['Enter a threshold greater than 0 and at most 100 (percent).']);
    expect(watchdogProblems({ ...cpu, ruleConfig: { value: 101 } })).toEqual(['Enter a threshold greater than 0 and at most 100 (percent).']);
    expect(watchdogProblems({ ...cpu, ruleConfig: { value: 'lots' } })).toHaveLength(1);
    expect(watchdogProblems({ ...cpu, ruleConfig: { value: '80' } })).toEqual([]);
  });

  it('refuses an unknown icon and a rate outside 0-100', () => {
    expect(watchdogProblems({ ...valid, icon: 'skull' })[0]).toMatch(/^Choose one of the icons: bell, /);
    expect(watchdogProblems({ ...valid, payload: { rate: 101 } })).toEqual(['The capture rate is a whole number from 0 to 100.']);
    expect(watchdogProblems({ ...valid, payload: { rate: 2.5 } })).toEqual(['The capture rate is a whole number from 0 to 100.']);
    expect(watchdogProblems({ ...valid, icon: 'fire', payload: { captureAll: false, rate: 0 } })).toEqual([]);
  });
});

describe('watchdog issue keys', () => {
  it('round-trips the id and refuses anything else', () => {
    expect(watchdogIssueKey(12)).toBe('watchdog_12');
    expect(watchdogIdOfKey('watchdog_12')).toBe(12);
    for (const key of ['watchdog_0', 'watchdog_', 'watchdog_01', 'click_rage', 'watchdog_12x', 'watchdog_12345678901']) expect(watchdogIdOfKey(key), key).toBeNull();
  });
});
