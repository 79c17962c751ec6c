import { CloseIcon, formatBytes, formatMilliseconds } from '@cassette/plugin-sdk/ui';
import type { SessionResource } from '../../../shared/session.js';
import { SeekTime } from './panel-controls.js';
import { prettyBody } from './pretty-body.js';
import { resourceTypeLabel } from './resource-filter.js';

export const BODIES_NOT_CAPTURED_TEXT = 'Bodies were not captured: this project does not save request payloads.';

function Headers({ headers }: { headers: Record<string, string> | null }) {
  const entries = Object.entries(headers ?? {});
  if (entries.length === 0) return <p className="cs-panel__note">No headers captured.</p>;
  return (
    <dl className="cs-facts cs-panel__mono">
      {entries.map(([name, value]) => (
        <div key={name} className="cs-facts__pair">
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Body({ body, testId, emptyText }: { body: string | null; testId: string; emptyText: string }) {
  if (body === null || body === '') return <p className="cs-panel__note">{emptyText}</p>;
  return (
    <pre className="cs-body-block" data-testid={testId}>
      {prettyBody(body)}
    </pre>
  );
}

/** One request in full: what the table only hints at. */
export function NetworkDetails({ resource, seek, onClose }: { resource: SessionResource; seek(time: number): void; onClose(): void }) {
  // Both bodies missing is what a project without payload capture produces; one missing is just an empty body.
  const bodiesNotCaptured = resource.payload === null && resource.response === null;
  return (
    <aside className="cs-network-details" data-testid="network-details" aria-label="Request details">
      <div className="cs-network-details__header">
        <h3>{resource.name || resource.url}</h3>
        <button type="button" className="cs-icon-btn" aria-label="Close details" onClick={onClose}>
          <CloseIcon size={14} />
        </button>
      </div>
      <h4>General</h4>
      <dl className="cs-facts" data-testid="network-details-general">
        <dt>URL</dt>
        <dd>{resource.url}</dd>
        <dt>Method</dt>
        <dd>{resource.method ?? '—'}</dd>
        <dt>Status</dt>
        <dd>{resource.status === null ? '—' : String(resource.status)}</dd>
        <dt>Type</dt>
        <dd>{resourceTypeLabel(resource.type)}</dd>
        <dt>Time</dt>
        <dd>
          <SeekTime time={resource.time} seek={seek} />
        </dd>
        <dt>Duration</dt>
        <dd>{formatMilliseconds(resource.duration)}</dd>
        <dt>TTFB</dt>
        <dd>{formatMilliseconds(resource.ttfb)}</dd>
        <dt>Transferred</dt>
        <dd>{formatBytes(resource.encodedBodySize)}</dd>
        <dt>Size</dt>
        <dd>{formatBytes(resource.decodedBodySize)}</dd>
      </dl>
      {bodiesNotCaptured && <p className="cs-panel__note">{BODIES_NOT_CAPTURED_TEXT}</p>}
      <h4>Request headers</h4>
      <Headers headers={resource.headers.request} />
      {!bodiesNotCaptured && (
        <>
          <h4>Request payload</h4>
          <Body body={resource.payload} testId="network-request-body" emptyText="No request payload." />
        </>
      )}
      <h4>Response headers</h4>
      <Headers headers={resource.headers.response} />
      {!bodiesNotCaptured && (
        <>
          <h4>Response body</h4>
          <Body body={resource.response} testId="network-response-body" emptyText="No response body." />
        </>
      )}
    </aside>
  );
}
