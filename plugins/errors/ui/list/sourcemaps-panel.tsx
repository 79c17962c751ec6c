import { useEffect, useState } from 'react';
import { ApiError, CopyButton, formatBytes, formatDateTime, FormErrors, Loader, SidePanel, useApi, useHost } from '@cassette/plugin-sdk/ui';
import type { SourceMapInfo } from '../../api.js';
import { errorsRoutes } from '../paths.js';

export const SOURCEMAPS_LOAD_FAILED = 'The uploaded source maps could not be loaded.';

/** What a build pipeline runs after building, for this project: fetch the CLI from this server, then upload. */
export function uploadCommand(origin: string, projectKey: string): string {
  return [
    `curl -fsSLO ${origin}/cli/cassette.mjs`,
    `CASSETTE_URL=${origin} CASSETTE_API_KEY=<organization API key> \\`,
    `  node cassette.mjs sourcemaps upload --project-key ${projectKey} --release <version> ./dist`,
  ].join('\n');
}

/** Where the maps of a project are, and how to upload more with the CLI. */
export function SourceMapsPanel({ onClose }: { onClose(): void }) {
  const api = useApi();
  const { currentProject, timezone } = useHost();
  const [maps, setMaps] = useState<SourceMapInfo[] | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const projectId = currentProject?.id ?? null;

  useEffect(() => {
    if (projectId === null) return;
    let current = true;
    api
      .get<SourceMapInfo[]>(errorsRoutes.sourceMaps(projectId))
      .then((answer) => current && setMaps(Array.isArray(answer) ? answer : []))
      .catch((e: unknown) => current && setFailure(e instanceof ApiError ? e.errors : [SOURCEMAPS_LOAD_FAILED]));
    return () => {
      current = false;
    };
  }, [api, projectId]);

  const command = uploadCommand(globalThis.location?.origin ?? 'https://cassette.example.com', currentProject?.projectKey ?? '<project key>');
  return (
    <SidePanel title="Source maps" onClose={onClose} width={620}>
      <div className="cs-sourcemaps" data-testid="sourcemaps-panel">
        <p className="cs-muted">
          Minified stacks are mapped back to your original files, lines and functions with the source maps of the release that threw. Upload them from your build pipeline, once per release, after the build:
        </p>
        <div className="cs-sourcemaps__command">
          <pre className="cs-code" data-testid="upload-command">
            {command}
          </pre>
          <CopyButton content={command} />
        </div>
        <p className="cs-muted cs-small">
          Use the same release as the tracker's revision id on the site, so each error finds the maps of the code that ran. The API key is under Preferences › Account.
        </p>
        <h3 className="cs-section-title">Uploaded</h3>
        <FormErrors errors={failure} />
        {failure.length === 0 && maps === null && <Loader label="Loading source maps" />}
        {maps && maps.length === 0 && <p className="cs-muted">No source maps uploaded for this project yet.</p>}
        {maps && maps.length > 0 && (
          <table className="cs-table cs-sourcemaps__table">
            <thead>
              <tr>
                <th>Release</th>
                <th>File</th>
                <th>Size</th>
                <th>Uploaded</th>
              </tr>
            </thead>
            <tbody>
              {maps.map((m) => (
                <tr key={`${m.release}/${m.file}`} data-testid="sourcemap-row">
                  <td>
                    <code>{m.release}</code>
                  </td>
                  <td className="cs-sourcemaps__file">{m.file}</td>
                  <td>{formatBytes(m.bytes)}</td>
                  <td>{formatDateTime(m.uploadedAt, timezone, { seconds: true, zone: true })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </SidePanel>
  );
}
