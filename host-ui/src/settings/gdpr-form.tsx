import { useEffect, useState, type FormEvent } from 'react';
import { Button, Checkbox, FormErrors, Input, Loader, Select, useHost } from '@cassette/plugin-sdk/ui';
import { errorsOf } from '../app/errors.js';
import type { GdprSettings, InputMode } from '../session/types.js';
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, validRetentionDays, validSampleRate } from './validation.js';

const INPUT_MODES: { value: InputMode; label: string }[] = [
  { value: 'plain', label: 'Plain' },
  { value: 'obscured', label: 'Obscured' },
  { value: 'hidden', label: 'Hidden' },
];

const CANVAS_RATES = [
  { value: '0', label: 'Off' },
  { value: '1', label: '1 picture a second' },
  { value: '2', label: '2 pictures a second' },
  { value: '4', label: '4 pictures a second' },
];

const DEFAULTS: GdprSettings = { maskEmails: true, maskNumbers: false, defaultInputMode: 'plain', sampleRate: null, retentionDays: 180, canvasFps: 2 };

/** The privacy settings the tracker applies while recording a project. */
export function GdprForm({ projectId, readOnly = false }: { projectId: number; readOnly?: boolean }) {
  const { api, toast } = useHost();
  const [settings, setSettings] = useState<GdprSettings | null>(null);
  const [sampleRate, setSampleRate] = useState('');
  const [retentionDays, setRetentionDays] = useState(String(DEFAULTS.retentionDays));
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    api
      .get<GdprSettings>(`/${projectId}/gdpr`)
      .then((value) => {
        if (cancelled) return;
        const merged = { ...DEFAULTS, ...value };
        setSettings(merged);
        // Empty: the project follows the account's capture rate.
        setSampleRate(merged.sampleRate === null || merged.sampleRate === undefined ? '' : String(merged.sampleRate));
        setRetentionDays(String(merged.retentionDays));
      })
      .catch((error) => !cancelled && setErrors(errorsOf(error)));
    return () => {
      cancelled = true;
    };
  }, [api, projectId]);

  if (!settings) return errors.length ? <FormErrors errors={errors} /> : <Loader />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const rate = Number(sampleRate);
    const days = Number(retentionDays);
    const problems: string[] = [];
    const followsAccount = sampleRate.trim() === '';
    if (!followsAccount && !validSampleRate(rate)) problems.push("Sample rate must be a whole number from 0 to 100, or empty to use the account's capture rate.");
    if (retentionDays.trim() === '' || !validRetentionDays(days)) {
      problems.push(`Keep recordings for a whole number of days from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}.`);
    }
    if (problems.length > 0) {
      setErrors(problems);
      return;
    }
    setSaving(true);
    setErrors([]);
    try {
      const saved = await api.post<GdprSettings>(`/${projectId}/gdpr`, { ...settings, sampleRate: followsAccount ? 'account' : rate, retentionDays: days });
      const merged = { ...DEFAULTS, ...saved };
      setSettings(merged);
      setRetentionDays(String(merged.retentionDays));
      toast('Privacy settings saved', 'success');
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="cs-form" onSubmit={submit} noValidate>
      <fieldset className="cs-fieldset" disabled={readOnly}>
        <Checkbox label="Mask emails" hint="Replace e-mail addresses in recorded text." checked={settings.maskEmails} onChange={(e) => setSettings({ ...settings, maskEmails: e.target.checked })} />
        <Checkbox label="Mask numbers" hint="Replace digits in recorded text." checked={settings.maskNumbers} onChange={(e) => setSettings({ ...settings, maskNumbers: e.target.checked })} />
        <Select
          label="Default input mode"
          name="defaultInputMode"
          value={settings.defaultInputMode}
          options={INPUT_MODES}
          hint="How values typed into inputs are recorded."
          onChange={(e) => setSettings({ ...settings, defaultInputMode: e.target.value as InputMode })}
        />
        <Select
          label="Record canvas"
          name="canvasFps"
          value={String(settings.canvasFps)}
          options={CANVAS_RATES}
          hint="Drawings and WebGL scenes are recorded as pictures, when they change. Canvases inside blocked or masked elements never are."
          onChange={(e) => setSettings({ ...settings, canvasFps: Number(e.target.value) })}
        />
        <Input
          label="Sample rate (%)"
          name="sampleRate"
          type="number"
          min={0}
          max={100}
          step={1}
          value={sampleRate}
          placeholder="Account capture rate"
          hint="Share of sessions recorded. Leave empty to use the account's capture rate (below); a rate set here wins over it."
          onChange={(e) => setSampleRate(e.target.value)}
        />
        <Input
          label="Keep recordings for (days)"
          name="retentionDays"
          type="number"
          min={MIN_RETENTION_DAYS}
          max={MAX_RETENTION_DAYS}
          step={1}
          value={retentionDays}
          hint="Sessions older than this are deleted, recordings included."
          onChange={(e) => setRetentionDays(e.target.value)}
        />
      </fieldset>
      <FormErrors errors={errors} />
      {!readOnly && (
        <div className="cs-form__actions">
          <Button type="submit" variant="primary" loading={saving}>
            Save
          </Button>
        </div>
      )}
    </form>
  );
}
