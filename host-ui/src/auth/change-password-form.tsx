import { useState, type FormEvent } from 'react';
import { Button, FormErrors, Input } from '@cassette/plugin-sdk/ui';
import { PASSWORD_MIN_LENGTH } from './password-rules.js';

export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Old password, new password and its confirmation; used at login and in account settings. */
export function ChangePasswordForm({
  initialOldPassword = '',
  errors,
  loading,
  submitLabel = 'Change Password',
  onSubmit,
  resetKey,
}: {
  initialOldPassword?: string;
  errors: readonly string[];
  loading: boolean;
  submitLabel?: string;
  onSubmit(values: ChangePasswordValues): void;
  /** Changing it empties the fields (after a successful change). */
  resetKey?: number;
}) {
  return <Fields key={resetKey} initialOldPassword={initialOldPassword} errors={errors} loading={loading} submitLabel={submitLabel} onSubmit={onSubmit} />;
}

function Fields({
  initialOldPassword,
  errors,
  loading,
  submitLabel,
  onSubmit,
}: {
  initialOldPassword: string;
  errors: readonly string[];
  loading: boolean;
  submitLabel: string;
  onSubmit(values: ChangePasswordValues): void;
}) {
  const [oldPassword, setOldPassword] = useState(initialOldPassword);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ oldPassword, newPassword, confirmPassword });
  };
  return (
    <form className="cs-form" onSubmit={submit} noValidate>
      <Input label="Old Password" type="password" name="oldPassword" autoComplete="current-password" required value={oldPassword} onChange={(e) => setOldPassword(e.target.value)} />
      <Input
        label="New Password"
        type="password"
        name="newPassword"
        autoComplete="new-password"
        placeholder={`Min ${PASSWORD_MIN_LENGTH} Characters`}
        required
        minLength={PASSWORD_MIN_LENGTH}
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
      />
      <Input
        label="Confirm Password"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        value={confirmPassword}
        onChange={(e) => setConfirmPassword(e.target.value)}
      />
      <FormErrors errors={errors} />
      <div className="cs-form__actions">
        <Button type="submit" variant="primary" loading={loading}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
