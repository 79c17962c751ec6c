// Preferences › Notifications (spec part 2 §2): the caller's own weekly report switch (GET and POST /config/weekly_report),
// and the organization's report time zone.
import { useEffect, useState } from 'react';
import { ApiError, Checkbox, FormErrors, Loader, useHost } from '@cassette/plugin-sdk/ui';
import { WeeklyReportTimeZone } from './weekly-report-time-zone.js';

export const WEEKLY_REPORT_PATH = '/config/weekly_report';
export const WEEKLY_REPORT_LABEL = 'Weekly project summary';
export const WEEKLY_REPORT_HINT = 'Receive a weekly report of each project by e-mail.';

interface WeeklyReportConfig {
  weeklyReport: boolean;
}

const messagesOf = (error: unknown) => (error instanceof ApiError ? error.errors : [error instanceof Error ? error.message : String(error)]);

export default function NotificationsTab() {
  const { api, toast } = useHost();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    api.get<WeeklyReportConfig>(WEEKLY_REPORT_PATH).then(
      (config) => current && setEnabled(config.weeklyReport),
      (error: unknown) => current && setErrors(messagesOf(error)),
    );
    return () => {
      current = false;
    };
  }, [api]);

  const change = async (next: boolean) => {
    const before = enabled;
    setEnabled(next);
    setSaving(true);
    setErrors([]);
    try {
      const saved = await api.post<WeeklyReportConfig>(WEEKLY_REPORT_PATH, { weeklyReport: next });
      setEnabled(saved.weeklyReport);
      toast(saved.weeklyReport ? 'Weekly report turned on' : 'Weekly report turned off', 'success');
    } catch (error) {
      // The switch goes back: what it shows is what the server keeps.
      setEnabled(before);
      setErrors(messagesOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="cs-stack-lg">
      <div className="cs-page__header">
        <div>
          <h1 className="cs-page__title">Notifications</h1>
        </div>
      </div>
      <section className="cs-card">
        {enabled === null && errors.length === 0 ? (
          <Loader />
        ) : (
          enabled !== null && (
            <Checkbox toggle label={WEEKLY_REPORT_LABEL} hint={WEEKLY_REPORT_HINT} name="weeklyReport" checked={enabled} disabled={saving} onChange={(e) => void change(e.target.checked)} />
          )
        )}
        <FormErrors errors={errors} />
      </section>
      <section className="cs-card">
        <WeeklyReportTimeZone />
      </section>
    </div>
  );
}
