import { useState, type FormEvent } from 'react';
import { Button, Checkbox, DEFAULT_LOGGER_OPTIONS, FormErrors, readLoggerOptionsChange, Select, Textarea, useHost, type Client, type InputMode, type LoggerOptions } from '@cassette/plugin-sdk/ui';
import { errorsOf } from '../app/errors.js';

export const RECORDING_RULES_SAVED = 'Recording rules saved';

const INPUT_MODE_OPTIONS: { value: InputMode; label: string }[] = [
  { value: 'plain', label: 'Plain' },
  { value: 'obscured', label: 'Obscured' },
  { value: 'hidden', label: 'Hidden' },
];

const lines = (text: string) => text.split(/[\n,]/).map((l) => l.trim()).filter(Boolean);

/**
 * The organization's logger options (spec part 2 §3 "Client"): who and what every project may
 * record, and what is always masked. Admins change them; the stricter of these and a project's
 * privacy settings applies.
 */
export function RecordingRulesForm({ client, onSaved }: { client: Client; onSaved(client: Client): void }) {
  const { api, toast } = useHost();
  const initial: LoggerOptions = client.loggerOptions ?? DEFAULT_LOGGER_OPTIONS;
  const [ips, setIps] = useState(initial.ipWhitelist.join('\n'));
  const [domains, setDomains] = useState(initial.allowedDomains.join('\n'));
  const [inputMode, setInputMode] = useState<InputMode>(initial.defaultInputMode);
  const [emails, setEmails] = useState(initial.obscureEmailData);
  const [numbers, setNumbers] = useState(initial.obscureNumericData);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const loggerOptions = { ipWhitelist: lines(ips), allowedDomains: lines(domains), defaultInputMode: inputMode, obscureEmailData: emails, obscureNumericData: numbers };
    // The same reading as the server's: mistakes are named before anything is sent.
    const read = readLoggerOptionsChange(loggerOptions);
    if (!read.change) {
      setErrors(read.errors);
      return;
    }
    setSaving(true);
    setErrors([]);
    try {
      const saved = await api.put<Client>('/client', { loggerOptions });
      onSaved(saved);
      setIps((saved.loggerOptions?.ipWhitelist ?? []).join('\n'));
      setDomains((saved.loggerOptions?.allowedDomains ?? []).join('\n'));
      toast(RECORDING_RULES_SAVED, 'success');
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="cs-card" data-testid="recording-rules">
      <h2 className="cs-card__title">Recording rules</h2>
      <p className="cs-muted">For every project of the organization. Where a project's privacy settings are stricter, they apply.</p>
      <form className="cs-form cs-form--narrow" onSubmit={save} noValidate>
        <Textarea
          label="IP allow-list"
          name="ipWhitelist"
          rows={3}
          value={ips}
          placeholder={'203.0.113.7\n198.51.100.0/24'}
          hint="One address or range a line. Sessions from other addresses are refused when they start. Empty: any address."
          onChange={(e) => setIps(e.target.value)}
        />
        <Textarea
          label="Allowed domains"
          name="allowedDomains"
          rows={3}
          value={domains}
          placeholder={'shop.example.com\n*.example.com'}
          hint="One a line; *.example.com allows every subdomain. Pages elsewhere are not recorded. Empty: any page."
          onChange={(e) => setDomains(e.target.value)}
        />
        <Select
          label="Default input mode"
          name="loggerDefaultInputMode"
          value={inputMode}
          options={INPUT_MODE_OPTIONS}
          hint="How values typed into inputs are recorded, at least."
          onChange={(e) => setInputMode(e.target.value as InputMode)}
        />
        <Checkbox label="Obscure e-mails" hint="Replace e-mail addresses in recorded text and inputs." checked={emails} onChange={(e) => setEmails(e.target.checked)} />
        <Checkbox label="Obscure numbers" hint="Replace digits in recorded text and inputs." checked={numbers} onChange={(e) => setNumbers(e.target.checked)} />
        <FormErrors errors={errors} />
        <div className="cs-form__actions">
          <Button type="submit" variant="primary" loading={saving}>
            Save Recording Rules
          </Button>
        </div>
      </form>
    </section>
  );
}
