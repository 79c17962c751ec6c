// The integrations a project can connect, as cards grouped by kind; a card opens its side panel.
import { useState } from 'react';
import { FormErrors, Loader, NoContent, SidePanel } from '@cassette/plugin-sdk/ui';
import type { IntegrationKind, IntegrationSource } from '../shared/integration.js';
import { IntegrationForm } from './integration-form.js';
import { useIntegrationSources } from './use-integration-sources.js';

export const KIND_TITLES: Record<IntegrationKind, string> = { logs: 'Backend logs', tickets: 'Issue trackers' };
const KINDS: readonly IntegrationKind[] = ['logs', 'tickets'];

export function IntegrationsBoard({ projectId, onSaved }: { projectId: number; onSaved?(): void }) {
  const { sources, errors, reload } = useIntegrationSources(projectId);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const open = sources?.find((s) => s.key === openKey) ?? null;

  if (sources === null) return errors.length > 0 ? <FormErrors errors={errors} /> : <Loader />;
  if (sources.length === 0) return <NoContent title="No integrations available." subtext="Enable integration plugins (Sentry, Datadog, Jira…) in config/cassette.json." />;
  return (
    <div className="cs-stack-lg">
      <FormErrors errors={errors} />
      {KINDS.map((kind) => {
        const ofKind = sources.filter((s) => s.kind === kind);
        if (ofKind.length === 0) return null;
        return (
          <section key={kind} aria-label={KIND_TITLES[kind]}>
            <h2 className="integrations-kind">{KIND_TITLES[kind]}</h2>
            <div className="integrations-grid">
              {ofKind.map((source) => (
                <IntegrationCard key={source.key} source={source} onOpen={() => setOpenKey(source.key)} />
              ))}
            </div>
          </section>
        );
      })}
      {open && (
        <SidePanel title={open.label} onClose={() => setOpenKey(null)}>
          <IntegrationForm
            key={open.key}
            projectId={projectId}
            source={open}
            onChanged={() => {
              reload();
              onSaved?.();
            }}
            onDeleted={() => {
              setOpenKey(null);
              reload();
            }}
          />
        </SidePanel>
      )}
    </div>
  );
}

function IntegrationCard({ source, onOpen }: { source: IntegrationSource; onOpen(): void }) {
  return (
    <button type="button" className="cs-card integrations-card" data-testid="integration-card" data-integration={source.key} aria-label={source.label} onClick={onOpen}>
      <span className="integrations-card__label">{source.label}</span>
      <span className="integrations-card__description">{source.description}</span>
      {source.configured &&
        (source.connected ? (
          <span className="cs-badge cs-badge--success" data-testid="integration-connected">
            Connected
          </span>
        ) : (
          <span className="cs-badge cs-badge--danger" data-testid="integration-failing">
            Check failed
          </span>
        ))}
    </button>
  );
}
