// The organization's weekly report time zone (GET and PUT /config/weekly_report/time_zone): an
// admin picks it for everyone; other members see which one their report goes out by.
import { useEffect, useMemo, useState } from 'react';
import { ApiError, Button, FormErrors, Loader, Select, useHost } from '@cassette/plugin-sdk/ui';
import { canonicalTimeZone, DEFAULT_TIME_ZONE, timeZoneChoices } from '../shared/time-zone.js';

export const TIME_ZONE_PATH = '/config/weekly_report/time_zone';
export const TIME_ZONE_LABEL = 'Weekly report time zone';
export const TIME_ZONE_HINT = 'The weekly report goes out on Monday at 08:00 in this time zone, for the whole organization.';
export const TIME_ZONE_UNSAVED = 'No time zone saved yet: reports go out at 08:00 UTC until an admin saves one.';

interface TimeZoneConfig {
  timeZone: string;
  chosen: boolean;
}

const messagesOf = (error: unknown) => (error instanceof ApiError ? error.errors : [error instanceof Error ? error.message : String(error)]);

/** The browser's own zone when the server would accept it, else UTC. */
function browserTimeZone(): string {
  return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? DEFAULT_TIME_ZONE;
}

export function WeeklyReportTimeZone() {
  const { api, toast, account } = useHost();
  const [saved, setSaved] = useState<TimeZoneConfig | null>(null);
  const [draft, setDraft] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    api.get<TimeZoneConfig>(TIME_ZONE_PATH).then(
      (config) => {
        if (!current) return;
        setSaved(config);
        // Never chosen: suggest where the admin is, which is most often where the team is.
        setDraft(config.chosen ? config.timeZone : browserTimeZone());
      },
      (error: unknown) => current && setErrors(messagesOf(error)),
    );
    return () => {
      current = false;
    };
  }, [api]);

  const options = useMemo(() => {
    const zones = timeZoneChoices();
    // A stored or suggested spelling the list lacks (an alias) still shows as chosen.
    for (const zone of [draft, saved?.timeZone]) if (zone && !zones.includes(zone)) zones.push(zone);
    return zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
  }, [draft, saved]);

  const save = async () => {
    setSaving(true);
    setErrors([]);
    try {
      const next = await api.put<TimeZoneConfig>(TIME_ZONE_PATH, { timeZone: draft });
      setSaved(next);
      setDraft(next.timeZone);
      toast('Weekly report time zone saved', 'success');
    } catch (error) {
      setErrors(messagesOf(error));
    } finally {
      setSaving(false);
    }
  };

  if (!saved) return errors.length ? <FormErrors errors={errors} /> : <Loader />;
  const unsaved = !saved.chosen && <p className="cs-muted">{TIME_ZONE_UNSAVED}</p>;
  if (!account.admin) {
    return (
      <div className="cs-stack">
        <p>
          {TIME_ZONE_LABEL}: <strong>{saved.timeZone}</strong>. {TIME_ZONE_HINT} Only an admin can change it.
        </p>
        {unsaved}
      </div>
    );
  }
  return (
    <div className="cs-stack">
      <Select label={TIME_ZONE_LABEL} hint={TIME_ZONE_HINT} name="timeZone" options={options} value={draft} disabled={saving} onChange={(e) => setDraft(e.target.value)} />
      {unsaved}
      <div>
        <Button variant="primary" loading={saving} disabled={saved.chosen && draft === saved.timeZone} onClick={() => void save()}>
          Save time zone
        </Button>
      </div>
      <FormErrors errors={errors} />
    </div>
  );
}
