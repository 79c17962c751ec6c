import { useState, type FormEvent } from 'react';
import { ApiError, Button, Checkbox, FormErrors, Input, Select, useHost } from '@cassette/plugin-sdk/ui';
import { ruleDef, WATCHDOG_ICONS, WATCHDOG_NAME_MAX, WATCHDOG_RULES, watchdogProblems, type Watchdog, type WatchdogIcon } from '../../shared/watchdogs.js';

import { WatchdogIcon as WatchdogIconShape } from './watchdog-icon.js';

const RULE_OPTIONS = WATCHDOG_RULES.map((r) => ({ value: r.ruleId, label: `${r.type === 'event' ? 'Event' : 'Threshold'}: ${r.label}` }));
const ICON_OPTIONS = WATCHDOG_ICONS.map((icon) => ({ value: icon, label: icon[0]!.toUpperCase() + icon.slice(1) }));

export const messagesOf = (error: unknown): string[] => (error instanceof ApiError ? error.errors : ['Something went wrong. Please try again.']);

/** Adds a rule (no `watchdog`) or changes one; the shared rules are checked before anything is sent. */
export function WatchdogForm({ projectId, watchdog, onSaved }: { projectId: number; watchdog?: Watchdog; onSaved(saved: Watchdog): void }) {
  const { api } = useHost();
  const [name, setName] = useState(watchdog?.name ?? '');
  const [ruleId, setRuleId] = useState(watchdog?.ruleId ?? '');
  const [value, setValue] = useState(watchdog ? String(watchdog.ruleConfig.value) : '');
  const [icon, setIcon] = useState<WatchdogIcon>(watchdog?.icon ?? 'bell');
  const [enabled, setEnabled] = useState(watchdog?.enabled ?? true);
  const [visible, setVisible] = useState(watchdog?.visible ?? true);
  const [captureAll, setCaptureAll] = useState(watchdog?.payload.captureAll ?? true);
  const [rate, setRate] = useState(String(watchdog?.payload.rate ?? 100));
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const def = ruleDef(ruleId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ruleValue = def?.type === 'threshold' && value.trim() !== '' ? Number(value) : value;
    const body = { name, ruleId, ruleConfig: { value: ruleValue }, icon, enabled, visible, payload: { captureAll, rate: Number(rate) } };
    const problems = watchdogProblems(body);
    if (problems.length > 0) {
      setErrors(problems);
      return;
    }
    setErrors([]);
    setSaving(true);
    try {
      onSaved(await api.post<Watchdog>(watchdog ? `/${projectId}/watchdogs/${watchdog.watchdogId}` : `/${projectId}/watchdogs`, body));
    } catch (error) {
      setErrors(messagesOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="cs-form" onSubmit={submit} noValidate aria-label={watchdog ? 'Edit watchdog rule' : 'New watchdog rule'}>
      <Input label="Name" name="watchdogName" value={name} maxLength={WATCHDOG_NAME_MAX} placeholder="Failed checkouts" onChange={(e) => setName(e.target.value)} />
      <Select label="Rule" name="ruleId" value={ruleId} placeholder="Choose what to watch" options={RULE_OPTIONS} onChange={(e) => setRuleId(e.target.value)} />
      {def && (
        <Input
          label={def.valueLabel}
          name="ruleValue"
          type={def.type === 'threshold' ? 'number' : 'text'}
          value={value}
          hint={def.type === 'threshold' ? `Sessions are flagged when it goes above this${def.max ? ` (at most ${def.max})` : ''}.` : 'Matched without regard to case.'}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <Select label="Icon" name="icon" value={icon} options={ICON_OPTIONS} onChange={(e) => setIcon(e.target.value as WatchdogIcon)} />
        <WatchdogIconShape icon={icon} size={20} />
      </div>
      <Checkbox label="Enabled" toggle checked={enabled} hint="Disabled rules flag no new sessions." onChange={(e) => setEnabled(e.target.checked)} />
      <Checkbox label="Visible" toggle checked={visible} hint="Visible rules get a tab in the sessions list and show on session rows." onChange={(e) => setVisible(e.target.checked)} />
      <Checkbox label="Capture all" toggle checked={captureAll} hint="Flag every matching session, or only a share of them." onChange={(e) => setCaptureAll(e.target.checked)} />
      {!captureAll && <Input label="Rate (%)" name="watchdogRate" type="number" min={0} max={100} step={1} value={rate} onChange={(e) => setRate(e.target.value)} />}
      <FormErrors errors={errors} />
      <div className="cs-form__actions">
        <Button type="submit" variant="primary" loading={saving}>
          {watchdog ? 'Update' : 'Add'}
        </Button>
      </div>
    </form>
  );
}
