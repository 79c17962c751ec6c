import { Checkbox, Input, Select, Textarea } from '@cassette/plugin-sdk/ui';
import { NETWORK_PROFILES, type NetworkProfile } from '../../shared/model.js';
import type { RunOptionsForm } from './run-options.js';

const NETWORK_LABELS: Record<NetworkProfile, string> = { wifi: 'Wi-Fi', '4g': '4G', '3g': '3G', offline: 'Offline' };

/** Network, headers, cookies, basic auth and bypass CSP of a run. */
export function RunOptionsFields({ value, onChange }: { value: RunOptionsForm; onChange(next: RunOptionsForm): void }) {
  const set = <K extends keyof RunOptionsForm>(key: K, v: RunOptionsForm[K]) => onChange({ ...value, [key]: v });
  return (
    <fieldset className="syn-options" aria-label="Run options">
      <Select label="Network" value={value.network} options={NETWORK_PROFILES.map((n) => ({ value: n, label: NETWORK_LABELS[n] }))} onChange={(e) => set('network', e.target.value as NetworkProfile)} />
      <Textarea label="Headers" hint="One a line: Name: value" rows={2} value={value.headers} onChange={(e) => set('headers', e.target.value)} />
      <Textarea label="Cookies" hint="One a line: name=value" rows={2} value={value.cookies} onChange={(e) => set('cookies', e.target.value)} />
      <Input label="Basic auth user" autoComplete="off" value={value.username} onChange={(e) => set('username', e.target.value)} />
      <Input label="Basic auth password" type="password" autoComplete="new-password" value={value.password} onChange={(e) => set('password', e.target.value)} />
      <Checkbox label="Bypass CSP" checked={value.bypassCSP} onChange={(e) => set('bypassCSP', e.target.checked)} />
    </fieldset>
  );
}
