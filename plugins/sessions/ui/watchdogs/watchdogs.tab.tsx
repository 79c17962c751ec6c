// Preferences › Watchdogs: the selected project's watchdog rules (its own issue types) and the rehydration jobs that apply them to older sessions.
import { useCallback, useEffect, useState } from 'react';
import { Button, ConfirmDialog, FormErrors, Loader, NoContent, permanentDeleteQuestion, SidePanel, useCurrentProject, useHost, CONFIRM_DELETE_LABEL } from '@cassette/plugin-sdk/ui';
import { ruleDef, type Watchdog } from '../../shared/watchdogs.js';
import { RehydrationSection } from './rehydration-section.js';
import { WatchdogIcon } from './watchdog-icon.js';
import { forgetWatchdogStatus } from './watchdog-status.js';
import { messagesOf, WatchdogForm } from './watchdog-form.js';

export function describeRule(w: Pick<Watchdog, 'ruleId' | 'ruleConfig'>): string {
  const def = ruleDef(w.ruleId);
  if (!def) return w.ruleId;
  return def.type === 'event' ? `${def.label} "${w.ruleConfig.value}"` : `${def.label} ${w.ruleConfig.value} (${def.valueLabel.toLowerCase()})`;
}

export default function WatchdogsTab() {
  const project = useCurrentProject();
  if (!project) return <Loader />;
  return <WatchdogsOfProject key={project.id} projectId={project.id} projectName={project.name} />;
}

function WatchdogsOfProject({ projectId, projectName }: { projectId: number; projectName: string }) {
  const { api, account, toast } = useHost();
  const isAdmin = account.admin || account.superAdmin;
  const [rules, setRules] = useState<Watchdog[] | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [panel, setPanel] = useState<{ watchdog?: Watchdog } | null>(null);
  const [deleting, setDeleting] = useState<Watchdog | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => {
    api
      .get<Watchdog[]>(`/${projectId}/watchdogs`)
      .then((list) => {
        setRules(list);
        setErrors([]);
      })
      .catch((error) => setErrors(messagesOf(error)));
  }, [api, projectId]);
  useEffect(reload, [reload]);

  const changed = () => {
    forgetWatchdogStatus(projectId);
    reload();
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.del(`/${projectId}/watchdogs/${deleting.watchdogId}`);
      toast('Watchdog rule deleted', 'success');
      changed();
    } catch (error) {
      toast(messagesOf(error).join(' '), 'error');
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <div className="cs-stack-lg">
      <div className="cs-page__header">
        <div>
          <h1 className="cs-page__title">Watchdogs</h1>
          <p className="cs-muted">
            Issue types of your own for {projectName}: sessions where a rule matches are flagged like sessions with built-in issues, get a tab in the sessions list and can be
            searched with the Issue filter.
          </p>
        </div>
        {isAdmin && (
          <div className="cs-page__actions">
            <Button variant="primary" onClick={() => setPanel({})}>
              Add Rule
            </Button>
          </div>
        )}
      </div>
      <section className="cs-card cs-card--flush">
        <FormErrors errors={errors} />
        {rules === null ? (
          errors.length === 0 && <Loader />
        ) : rules.length === 0 ? (
          <NoContent title="No watchdog rules yet." subtext={isAdmin ? 'Add a rule to flag the sessions that matter to you.' : 'An admin can add them.'} />
        ) : (
          <table className="cs-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Rule</th>
                <th scope="col">Status</th>
                <th scope="col">Capture</th>
                {isAdmin && (
                  <th scope="col">
                    <span className="cs-visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rules.map((w) => (
                <tr key={w.watchdogId} data-testid="watchdog-row">
                  <td>
                    <WatchdogIcon icon={w.icon} /> {w.name}
                  </td>
                  <td>{describeRule(w)}</td>
                  <td>
                    {w.enabled ? 'Enabled' : 'Disabled'}
                    {w.visible ? '' : ' · hidden'}
                  </td>
                  <td>{w.payload.captureAll ? 'All sessions' : `${w.payload.rate}%`}</td>
                  {isAdmin && (
                    <td className="cs-table__actions">
                      <Button size="small" variant="ghost" aria-label={`Edit ${w.name}`} onClick={() => setPanel({ watchdog: w })}>
                        Edit
                      </Button>
                      <Button size="small" variant="ghost" aria-label={`Delete ${w.name}`} onClick={() => setDeleting(w)}>
                        Delete
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <RehydrationSection projectId={projectId} isAdmin={isAdmin} />
      {panel && (
        <SidePanel title={panel.watchdog ? 'Edit Watchdog Rule' : 'New Watchdog Rule'} onClose={() => setPanel(null)}>
          <WatchdogForm
            projectId={projectId}
            {...(panel.watchdog ? { watchdog: panel.watchdog } : {})}
            onSaved={(saved) => {
              setPanel(null);
              toast(panel.watchdog ? `Rule "${saved.name}" updated` : `Rule "${saved.name}" added; rehydrate to apply it to earlier sessions`, 'success');
              changed();
            }}
          />
        </SidePanel>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete watchdog rule"
          message={permanentDeleteQuestion(`the rule "${deleting.name}" and what it found`)}
          confirmLabel={CONFIRM_DELETE_LABEL}
          loading={busy}
          onConfirm={() => void remove()}
          onCancel={() => !busy && setDeleting(null)}
        />
      )}
    </div>
  );
}
