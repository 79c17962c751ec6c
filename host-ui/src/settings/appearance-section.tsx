import { useEffect, useMemo, useState } from 'react';
import {
  APPEARANCE_FLAG_LABELS,
  APPEARANCE_FLAGS,
  APPEARANCE_ROLE_LABELS,
  APPEARANCE_ROLES,
  Button,
  Checkbox,
  FormErrors,
  Loader,
  presetAppearance,
  resolveAppearance,
  Select,
  useHost,
  type Account,
  type Appearance,
  type AppearanceFlag,
  type AppearanceRole,
  type AppearanceWidget,
} from '@cassette/plugin-sdk/ui';
import { errorsOf } from '../app/errors.js';

export const APPEARANCE_SAVED = 'Appearance saved';

/**
 * What the member's screens show (spec part 2 §3 "Appearance", §6): a role preset, or the
 * flags one by one (the preset becomes Custom when one leaves its default). Permissions still
 * decide what the member may open; this only hides what they may.
 */
export function AppearanceSection({ onSaved }: { onSaved(account: Account): void }) {
  const { api, toast } = useHost();
  const [widgets, setWidgets] = useState<AppearanceWidget[] | null>(null);
  const [saved, setSaved] = useState<Appearance | null>(null);
  const [draft, setDraft] = useState<Appearance | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .get<{ appearance: Appearance; widgets: AppearanceWidget[] }>('/account/appearance')
      .then((answer) => {
        if (!live) return;
        setWidgets(answer.widgets);
        setSaved(answer.appearance);
        setDraft(answer.appearance);
      })
      .catch((error) => live && setErrors(errorsOf(error)));
    return () => {
      live = false;
    };
  }, [api]);

  const groups = useMemo(() => {
    const byGroup = new Map<string, AppearanceWidget[]>();
    for (const widget of widgets ?? []) byGroup.set(widget.group, [...(byGroup.get(widget.group) ?? []), widget]);
    return [...byGroup.entries()];
  }, [widgets]);

  if (!widgets || !draft) {
    return (
      <section className="cs-card" aria-label="Appearance">
        <h2 className="cs-card__title">Appearance</h2>
        {errors.length > 0 ? <FormErrors errors={errors} /> : <Loader label="Loading appearance" />}
      </section>
    );
  }

  // A flag changed reads back as Custom when it leaves the preset's defaults.
  const change = (next: Appearance) => setDraft(resolveAppearance(next as unknown as Record<string, unknown>, widgets));
  const choose = (role: AppearanceRole) => setDraft(role === 'CUSTOM' ? { ...draft, role } : presetAppearance(role, widgets));
  const setFlag = (flag: AppearanceFlag, value: boolean) => change({ ...draft, [flag]: value });
  const setWidget = (key: string, value: boolean) => change({ ...draft, dashboard: { ...draft.dashboard, [key]: value } });
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  const save = async () => {
    setSaving(true);
    setErrors([]);
    try {
      const account = await api.post<Account>('/account/appearance', { appearance: draft });
      onSaved(account);
      const stored = resolveAppearance(account.appearance, widgets);
      setSaved(stored);
      setDraft(stored);
      toast(APPEARANCE_SAVED, 'success');
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="cs-card" aria-label="Appearance" data-testid="appearance">
      <h2 className="cs-card__title">Appearance</h2>
      <p className="cs-muted">What your screens show. Your role's permissions still decide what you may open: hiding something here never grants it.</p>
      <div className="cs-form cs-form--narrow">
        <Select
          label="Role preset"
          value={draft.role}
          options={APPEARANCE_ROLES.map((role) => ({ value: role, label: APPEARANCE_ROLE_LABELS[role] }))}
          onChange={(event) => choose(event.target.value as AppearanceRole)}
        />
        <fieldset className="cs-appearance__flags">
          <legend>Show</legend>
          {APPEARANCE_FLAGS.map((flag) => (
            <Checkbox key={flag} toggle label={APPEARANCE_FLAG_LABELS[flag]} checked={draft[flag]} onChange={(event) => setFlag(flag, event.target.checked)} />
          ))}
        </fieldset>
        {groups.map(([group, list]) => (
          <fieldset key={group} className="cs-appearance__flags" data-testid={`appearance-group-${group}`}>
            <legend>{`Dashboard widgets: ${group}`}</legend>
            {list.map((widget) => (
              <Checkbox key={widget.key} label={widget.label} checked={draft.dashboard[widget.key] ?? true} onChange={(event) => setWidget(widget.key, event.target.checked)} />
            ))}
          </fieldset>
        ))}
        <FormErrors errors={errors} />
        <div className="cs-form__actions">
          <Button variant="primary" loading={saving} disabled={!dirty} onClick={() => void save()}>
            Save Appearance
          </Button>
        </div>
      </div>
    </section>
  );
}
