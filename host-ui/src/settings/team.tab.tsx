import { useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  CopyButton,
  COPY_FEEDBACK_SHORT_MS,
  FormErrors,
  Input,
  LockIcon,
  Modal,
  Select,
  SidePanel,
  Tooltip,
  useHost,
} from '@cassette/plugin-sdk/ui';
import { errorsOf } from '../app/errors.js';
import type { Member, Role } from '../session/types.js';
import { canInviteMember, memberLockReason, memberState } from '../shell/account-rules.js';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.js';
import { mailedResetMessage, type MemberResetAnswer } from './member-reset.js';
import { ResourceList } from './resource-list.js';
import { SettingsHeader } from './settings-header.js';
import { useConfirmedDelete } from './use-confirmed-delete.js';
import { useResource } from './use-resource.js';
import { validEmail, validMemberName } from './validation.js';
import { RowActions, SettingsTable } from './settings-table.js';

export default function TeamTab() {
  const { account, api, toast } = useHost();
  const members = useResource<Member[]>('/client/members');
  const roles = useResource<Role[]>('/client/roles');
  const [panel, setPanel] = useState<{ member?: Member } | null>(null);
  const [link, setLink] = useState<{ member: Member; url: string } | null>(null);
  const canInvite = canInviteMember(account);

  const resetLink = async (member: Member) => {
    try {
      const answer = await api.get<MemberResetAnswer>(`/client/members/${member.id}/reset`);
      if (answer.mailed) toast(mailedResetMessage(answer), 'success');
      else setLink({ member, url: answer.invitationLink });
      members.reload();
    } catch (error) {
      toast(errorsOf(error)[0] ?? (member.joined ? 'Could not send the reset link' : 'Could not reset the invitation link'), 'error');
    }
  };

  const removal = useConfirmedDelete<Member>({
    path: (m) => `/client/members/${m.id}`,
    deleted: 'Member deleted',
    failed: 'Could not delete the member',
    after: () => members.reload(),
  });

  return (
    <div className="cs-stack-lg">
      <SettingsHeader
        title="Team"
        description="Invite teammates and manage their roles."
        actions={
          <Button variant="primary" disabled={!canInvite} title={canInvite ? undefined : 'The team member limit is reached.'} onClick={() => setPanel({})}>
            Invite
          </Button>
        }
      />
      <section className="cs-card cs-card--flush">
        <ResourceList resource={members}>
          {(items) => (
            <SettingsTable columns={['Name', 'Email', 'Role', 'Status']} withActions>
              {items.map((member) => {
                const state = memberState(member);
                const self = member.id === account.id;
                // A row the server would refuse is locked, with the reason on the lock and the buttons.
                const lock = memberLockReason(account, member);
                return (
                  <tr key={member.id}>
                    <td>
                      <div className="cs-member">
                        <span className="cs-avatar cs-avatar--small" aria-hidden="true">
                          {(member.name || member.email).charAt(0).toUpperCase()}
                        </span>
                        <span>{member.name}</span>
                        {member.superAdmin ? <span className="cs-badge cs-badge--primary">Owner</span> : member.admin ? <span className="cs-badge cs-badge--primary">Admin</span> : null}
                        {self && <span className="cs-muted">(you)</span>}
                      </div>
                    </td>
                    <td>{member.email}</td>
                    <td>{member.roleName ?? <span className="cs-muted">—</span>}</td>
                    <td>
                      {state ? <span className={['cs-badge', state === 'Pending' ? 'cs-badge--warning' : 'cs-badge--danger'].join(' ')}>{state}</span> : <span className="cs-badge cs-badge--success">Active</span>}
                    </td>
                    <RowActions
                      name={member.name}
                      deleteDisabled={self || member.superAdmin}
                      editDisabled={lock !== null}
                      disabledReason={lock ?? undefined}
                      onEdit={() => setPanel({ member })}
                      onDelete={() => removal.ask(member)}
                    >
                      {lock && (
                        <Tooltip content={lock}>
                          <span className="cs-row-lock" tabIndex={0} aria-label={`Locked: ${lock}`} data-testid="member-lock">
                            <LockIcon size={14} aria-hidden="true" />
                          </span>
                        </Tooltip>
                      )}
                      {!member.joined && !lock && (
                        <Button size="small" variant="ghost" onClick={() => void resetLink(member)}>
                          Reset invitation link
                        </Button>
                      )}
                      {member.joined && !self && !lock && (
                        <Button size="small" variant="ghost" onClick={() => void resetLink(member)}>
                          Mail a password reset link
                        </Button>
                      )}
                    </RowActions>
                  </tr>
                );
              })}
            </SettingsTable>
          )}
        </ResourceList>
      </section>

      {panel && (
        <SidePanel title={panel.member ? 'Edit Member' : 'Invite Member'} onClose={() => setPanel(null)}>
          <InviteMemberForm member={panel.member} roles={roles.data ?? []} onSaved={() => members.reload()} onUpdated={() => setPanel(null)} />
        </SidePanel>
      )}
      <ConfirmDeleteDialog removal={removal} message={(member) => `Are you sure you want to delete ${member.name || member.email} from the team?`} />
      {link && (
        <Modal title="Invitation link" onClose={() => setLink(null)}>
          <p>Share this new link with {link.member.name || link.member.email}. The previous link no longer works.</p>
          <InvitationLink url={link.url} />
        </Modal>
      )}
    </div>
  );
}

export function InvitationLink({ url }: { url: string }) {
  return (
    <div className="cs-link-box">
      <code className="cs-link-box__url" data-testid="invitation-link">
        {url}
      </code>
      <CopyButton content={url} feedbackMs={COPY_FEEDBACK_SHORT_MS} />
    </div>
  );
}

interface InviteMemberFormProps {
  member?: Member;
  /** Roles to choose from; fetched when absent. */
  roles?: Role[];
  /** After a successful invite or update. */
  onSaved?(member: Member): void;
  /** After an update (the invite keeps the form open to show the link). */
  onUpdated?(): void;
}

/** Invite (PUT /client/members) or edit (PUT /client/members/{id}) a member. */
export function InviteMemberForm({ member, roles: givenRoles, onSaved, onUpdated }: InviteMemberFormProps) {
  const { api, toast } = useHost();
  const fetched = useResource<Role[]>(givenRoles ? null : '/client/roles');
  const roles = givenRoles ?? fetched.data ?? [];
  const [email, setEmail] = useState(member?.email ?? '');
  const [name, setName] = useState(member?.name ?? '');
  const [roleId, setRoleId] = useState(member?.roleId ? String(member.roleId) : '');
  const [admin, setAdmin] = useState(member?.admin ?? false);
  const [changePassword, setChangePassword] = useState(member?.changePassword ?? false);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [invitation, setInvitation] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: string[] = [];
    if (!validEmail(email)) local.push('Please enter a valid email address.');
    if (!validMemberName(name)) local.push('Please enter a valid name.');
    if (local.length) {
      setErrors(local);
      return;
    }
    setSaving(true);
    setErrors([]);
    const body = { email: email.trim(), name: name.trim(), admin, roleId: roleId ? Number(roleId) : undefined };
    try {
      if (member) {
        const saved = await api.put<Member>(`/client/members/${member.id}`, { ...body, changePassword });
        toast('Member updated', 'success');
        onSaved?.(saved);
        onUpdated?.();
      } else {
        const saved = await api.put<Member>('/client/members', body);
        toast('Invitation created', 'success');
        setInvitation(saved.invitationLink ?? null);
        onSaved?.(saved);
      }
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  if (invitation) {
    return (
      <div className="cs-stack">
        <p>
          <strong>{name || email}</strong> is invited. Share this link with them to set their password and join:
        </p>
        <InvitationLink url={invitation} />
        <div className="cs-form__actions">
          <Button
            onClick={() => {
              setInvitation(null);
              setEmail('');
              setName('');
              setRoleId('');
              setAdmin(false);
            }}
          >
            Invite another
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form className="cs-form" onSubmit={submit} noValidate>
      <Input label="Email" type="email" name="email" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
      <Input label="Name" name="name" required value={name} onChange={(e) => setName(e.target.value)} />
      <Select
        label="Role"
        name="roleId"
        value={roleId}
        placeholder="No role"
        options={roles.map((r) => ({ value: String(r.roleId), label: r.name }))}
        onChange={(e) => setRoleId(e.target.value)}
      />
      <Checkbox label="Admin" hint="Admins manage the team, roles and projects, and hold every permission." checked={admin} onChange={(e) => setAdmin(e.target.checked)} />
      {member?.joined && (
        <Checkbox
          label="Require a new password at next login"
          checked={changePassword}
          onChange={(e) => setChangePassword(e.target.checked)}
        />
      )}
      <FormErrors errors={errors} />
      <div className="cs-form__actions">
        <Button type="submit" variant="primary" loading={saving} disabled={!email.trim() || !name.trim()}>
          {member ? 'Update' : 'Invite'}
        </Button>
      </div>
    </form>
  );
}
