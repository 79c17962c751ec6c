import { useState, type FormEvent } from 'react';
import { Button, FormErrors, Input, useHost, type Account, type Client } from '@cassette/plugin-sdk/ui';
import { errorsOf } from '../app/errors.js';
import { ChangePasswordForm, type ChangePasswordValues } from '../auth/change-password-form.js';
import { newPasswordErrors } from '../auth/password-rules.js';
import { useSession } from '../session/session.js';
import { roleLabel } from '../shell/account-rules.js';
import { AppearanceSection } from './appearance-section.js';
import { IceServersSection } from './ice-servers-section.js';
import { OrganizationApiKey } from './organization-api-key.js';
import { RecordingRulesForm } from './recording-rules-form.js';
import { SettingsHeader } from './settings-header.js';

export default function AccountTab() {
  const { account, api, toast, client } = useHost();
  const { setAccount, refreshAuth, setClient } = useSession();
  const [name, setName] = useState(account.name);
  const [saving, setSaving] = useState(false);
  const [nameErrors, setNameErrors] = useState<string[]>([]);
  const [passwordErrors, setPasswordErrors] = useState<string[]>([]);
  const [changing, setChanging] = useState(false);
  const [passwordFormKey, setPasswordFormKey] = useState(0);

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameErrors(['Name is required.']);
      return;
    }
    setSaving(true);
    setNameErrors([]);
    try {
      setAccount(await api.post<Account>('/account', { name: name.trim() }));
      toast('Account updated', 'success');
    } catch (error) {
      setNameErrors(errorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  const changePassword = async ({ oldPassword, newPassword, confirmPassword }: ChangePasswordValues) => {
    const local = newPasswordErrors(newPassword, confirmPassword);
    if (local.length > 0) {
      setPasswordErrors(local);
      return;
    }
    setChanging(true);
    setPasswordErrors([]);
    try {
      const response = await api.request<{ account: Account; client: Client }>('POST', '/account/password', { oldPassword, newPassword });
      if (response.jwt) refreshAuth({ jwt: response.jwt, account: response.data.account, client: response.data.client });
      else setAccount(response.data.account);
      setPasswordFormKey((k) => k + 1);
      toast('Password updated', 'success');
    } catch (error) {
      setPasswordErrors(errorsOf(error));
    } finally {
      setChanging(false);
    }
  };

  return (
    <div className="cs-stack-lg">
      <SettingsHeader title="Account" description="Your profile and password." />
      <section className="cs-card">
        <h2 className="cs-card__title">Profile</h2>
        <dl className="cs-details">
          <dt>Email</dt>
          <dd>{account.email}</dd>
          <dt>Role</dt>
          <dd>
            <span className="cs-badge">{roleLabel(account)}</span>
          </dd>
          {client && (
            <>
              <dt>Organization</dt>
              <dd>{client.name}</dd>
            </>
          )}
        </dl>
        <form className="cs-form cs-form--narrow" onSubmit={saveName}>
          <Input label="Name" name="name" required value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          <FormErrors errors={nameErrors} />
          <div className="cs-form__actions">
            <Button type="submit" variant="primary" loading={saving} disabled={!name.trim() || name.trim() === account.name}>
              Save
            </Button>
          </div>
        </form>
      </section>
      {account.admin && client && <OrganizationForm client={client} onSaved={setClient} />}
      {account.admin && client && <RecordingRulesForm client={client} onSaved={setClient} />}
      <OrganizationApiKey />
      {account.admin && <IceServersSection onSaved={setAccount} />}
      <AppearanceSection onSaved={setAccount} />
      <section className="cs-card">
        <h2 className="cs-card__title">Change Password</h2>
        <div className="cs-form--narrow">
          <ChangePasswordForm resetKey={passwordFormKey} errors={passwordErrors} loading={changing} onSubmit={changePassword} />
        </div>
      </section>
    </div>
  );
}

/** Admins rename the organization (PUT /api/client). */
function OrganizationForm({ client, onSaved }: { client: Client; onSaved(client: Client): void }) {
  const { api, toast } = useHost();
  const [name, setName] = useState(client.name);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors([]);
    try {
      onSaved(await api.put<Client>('/client', { name: name.trim() }));
      toast('Organization updated', 'success');
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="cs-card">
      <h2 className="cs-card__title">Organization</h2>
      <form className="cs-form cs-form--narrow" onSubmit={save}>
        <Input label="Organization name" name="organization" required value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        <FormErrors errors={errors} />
        <div className="cs-form__actions">
          <Button type="submit" variant="primary" loading={saving} disabled={!name.trim() || name.trim() === client.name}>
            Save
          </Button>
        </div>
      </form>
    </section>
  );
}
