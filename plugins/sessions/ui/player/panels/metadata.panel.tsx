import { CopyButton, COPY_FEEDBACK_SHORT_MS, NoContent } from '@cassette/plugin-sdk/ui';
import type { Session } from '../../../shared/session.js';
import type { PanelProps } from './panel-types.js';
import './panels.css';

export interface Fact {
  label: string;
  value: string | null;
}

const joined = (...parts: Array<string | null>) => parts.filter((part): part is string => !!part).join(' ') || null;
const size = (box: { width: number; height: number } | null) => (box ? `${box.width} × ${box.height}` : null);

/** Who and what recorded the session, in the order support staff ask for it. */
export function sessionFacts(session: Session): Fact[] {
  return [
    { label: 'User ID', value: session.userId },
    { label: 'Anonymous ID', value: session.userAnonymousId },
    { label: 'Device ID', value: session.userUuid },
    { label: 'Browser', value: joined(session.userBrowser, session.userBrowserVersion) },
    { label: 'OS', value: joined(session.userOs, session.userOsVersion) },
    { label: 'Device', value: joined(session.userDevice, session.userDeviceType ? `(${session.userDeviceType})` : null) },
    { label: 'Screen', value: size(session.screen) },
    { label: 'Viewport', value: size(session.viewport) },
    { label: 'Country', value: session.userCountry ?? 'Unknown Country' },
    { label: 'Revision', value: session.revId },
    { label: 'User agent', value: session.userAgent },
  ];
}

function FactList({ facts, testId }: { facts: Fact[]; testId: string }) {
  return (
    <dl className="cs-facts" data-testid={testId}>
      {facts.map((fact) => (
        <div key={fact.label} className="cs-facts__pair" data-testid="metadata-row">
          <dt>{fact.label}</dt>
          <dd>
            <span className="cs-metadata__value">{fact.value ?? '—'}</span>
            {fact.value !== null && <CopyButton content={fact.value} label="Copy" copiedLabel="Copied" feedbackMs={COPY_FEEDBACK_SHORT_MS} />}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function MetadataPanel({ session }: PanelProps) {
  const metadata = Object.entries(session.metadata).map(([label, value]) => ({ label, value }));
  return (
    <div className="cs-panel cs-metadata" data-testid="panel-metadata">
      <div className="cs-panel__body">
        <h3>Metadata</h3>
        {metadata.length === 0 ? <NoContent size="small" /> : <FactList facts={metadata} testId="metadata-custom" />}
        <h3>User and device</h3>
        <FactList facts={sessionFacts(session)} testId="metadata-user" />
      </div>
    </div>
  );
}
