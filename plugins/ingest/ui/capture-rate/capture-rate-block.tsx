import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError, Button, Checkbox, FormErrors, Input, Loader, useHost } from '@cassette/plugin-sdk/ui';
import type { CaptureRate } from '../../shared/capture-rate.js';

const messagesOf = (error: unknown): string[] => (error instanceof ApiError ? error.errors : ['The capture rate could not be saved. Please try again.']);

/** A rate typed in the form: a whole number 0-100, or the message saying what to type. */
export function readRate(text: string): { rate: number } | { error: string } {
  const trimmed = text.trim();
  const rate = Number(trimmed);
  if (trimmed === '' || !Number.isInteger(rate) || rate < 0 || rate > 100) return { error: 'Enter the capture rate as a whole number from 0 to 100.' };
  return { rate };
}

/**
 * The account's capture rate, next to a project's own sample rate (Settings › Projects › Edit):
 * projects whose sample rate is empty record this share of sessions. Admins change it.
 */
export function CaptureRateBlock(_props: { projectId: number }) {
  const { api, account, toast } = useHost();
  const titleId = useId();
  const canEdit = account.admin || account.superAdmin;
  const [saved, setSaved] = useState<CaptureRate | null>(null);
  const [rate, setRate] = useState('0');
  const [captureAll, setCaptureAll] = useState(true);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    api
      .get<CaptureRate>('/sample_rate')
      .then((value) => {
        if (cancelled) return;
        setSaved(value);
        setRate(String(value.rate));
        setCaptureAll(value.captureAll);
      })
      .catch((error) => !cancelled && setErrors(messagesOf(error)));
    return () => {
      cancelled = true;
    };
  }, [api]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readRate(rate);
    if ('error' in read) {
      setFieldError(read.error);
      return;
    }
    setFieldError(null);
    setErrors([]);
    setSaving(true);
    try {
      const value = await api.post<CaptureRate>('/sample_rate', { rate: read.rate, captureAll });
      setSaved(value);
      toast('Capture rate saved', 'success');
    } catch (error) {
      setErrors(messagesOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <hr className="cs-divider" />
      <section className="cs-stack" aria-labelledby={titleId}>
        <h3 id={titleId} className="cs-section-title">
          Capture rate
        </h3>
        <p className="cs-muted">
          For the whole account: projects whose sample rate is empty record this share of sessions. A project&apos;s own sample rate wins over it.
        </p>
        {!saved && errors.length === 0 ? (
          <Loader />
        ) : (
          <form className="cs-form" onSubmit={submit} noValidate aria-label="Capture rate">
            <fieldset className="cs-fieldset" disabled={!canEdit}>
              <Checkbox label="Capture all sessions" toggle checked={captureAll} onChange={(e) => setCaptureAll(e.target.checked)} />
              <Input
                label="Capture rate (%)"
                name="captureRate"
                type="number"
                min={0}
                max={100}
                step={1}
                value={rate}
                disabled={captureAll}
                error={fieldError ?? undefined}
                hint={captureAll ? 'Turn off "Capture all sessions" to record a share of them.' : 'Percent of sessions recorded, from 0 to 100.'}
                onChange={(e) => setRate(e.target.value)}
              />
            </fieldset>
            <FormErrors errors={errors} />
            {canEdit && (
              <div className="cs-form__actions">
                <Button type="submit" variant="primary" loading={saving}>
                  Save capture rate
                </Button>
              </div>
            )}
          </form>
        )}
      </section>
    </>
  );
}
