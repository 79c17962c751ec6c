import { useState, type FormEvent } from 'react';
import { Button, FormErrors, ICE_SERVERS_MAX, Input, Textarea, readIceServers, useHost, type Account, type IceServer } from '@cassette/plugin-sdk/ui';
import { errorsOf } from '../app/errors.js';

/** One server as the form edits it: addresses one per line. */
export interface IceServerRow {
  urls: string;
  username: string;
  credential: string;
}

export const rowOf = (server: IceServer): IceServerRow => ({ urls: server.urls.join('\n'), username: server.username ?? '', credential: server.credential ?? '' });

/** The list the API takes; rows left wholly empty are dropped. */
export function serversOf(rows: readonly IceServerRow[]): unknown[] {
  return rows
    .filter((row) => row.urls.trim() || row.username || row.credential)
    .map((row) => ({
      urls: row.urls.split(/[\n,]/).map((url) => url.trim()).filter(Boolean),
      ...(row.username ? { username: row.username } : {}),
      ...(row.credential ? { credential: row.credential } : {}),
    }));
}

/**
 * Admins set the organization's STUN/TURN servers (Account.iceServers, PUT /api/account/ice-servers):
 * both sides of an assist call use them, so a call can cross NATs and firewalls.
 */
export function IceServersSection({ onSaved }: { onSaved(account: Account): void }) {
  const { account, api, toast } = useHost();
  const [rows, setRows] = useState<IceServerRow[]>(() => (account.iceServers ?? []).map(rowOf));
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const change = (index: number, patch: Partial<IceServerRow>) => setRows((all) => all.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const iceServers = serversOf(rows);
    const read = readIceServers(iceServers);
    if (!read.servers) {
      setErrors(read.errors);
      return;
    }
    setSaving(true);
    setErrors([]);
    try {
      const saved = await api.put<Account>('/account/ice-servers', { iceServers: read.servers });
      onSaved(saved);
      setRows((saved.iceServers ?? []).map(rowOf));
      toast('Call servers saved', 'success');
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="cs-card" data-testid="ice-servers">
      <h2 className="cs-card__title">Call servers (ICE)</h2>
      <p className="cs-muted">
        STUN and TURN servers that assist calls use to reach visitors behind NATs and firewalls. Without them, calls work only when the agent and the visitor can reach each other directly. Visitors’ browsers receive these servers, credentials included, when a call starts.
      </p>
      <form className="cs-form cs-form--narrow" onSubmit={save}>
        {rows.map((row, index) => (
          <fieldset key={index} className="cs-stack" aria-label={`ICE server ${index + 1}`}>
            <Textarea
              label={`ICE server ${index + 1}: addresses`}
              name={`ice-urls-${index}`}
              hint="One per line: stun:host[:port], turn:host[:port][?transport=udp|tcp] or turns:host[:port]"
              rows={2}
              value={row.urls}
              onChange={(e) => change(index, { urls: e.target.value })}
            />
            <Input label="Username (TURN)" name={`ice-username-${index}`} autoComplete="off" value={row.username} maxLength={256} onChange={(e) => change(index, { username: e.target.value })} />
            <Input label="Credential (TURN)" name={`ice-credential-${index}`} type="password" autoComplete="new-password" value={row.credential} maxLength={256} onChange={(e) => change(index, { credential: e.target.value })} />
            <div>
              <Button type="button" size="small" variant="secondary" onClick={() => setRows((all) => all.filter((_, i) => i !== index))}>
                Remove server {index + 1}
              </Button>
            </div>
          </fieldset>
        ))}
        {rows.length === 0 && <p className="cs-muted">No call servers: calls use direct connections only.</p>}
        <FormErrors errors={errors} />
        <div className="cs-form__actions">
          <Button type="button" variant="secondary" disabled={rows.length >= ICE_SERVERS_MAX} onClick={() => setRows((all) => [...all, { urls: '', username: '', credential: '' }])}>
            Add server
          </Button>
          <Button type="submit" variant="primary" loading={saving}>
            Save call servers
          </Button>
        </div>
      </form>
    </section>
  );
}
