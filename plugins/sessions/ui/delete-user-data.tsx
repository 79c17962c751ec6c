import { useId, useState, type FormEvent } from 'react';
import { ApiError, Button, Checkbox, ConfirmDialog, FormErrors, Input, useHost } from '@cassette/plugin-sdk/ui';

const DELETE_USER_DATA_PATH = (projectId: number) => `/${projectId}/sessions/gdpr/delete-user`;
const MAX_USER_KEY_LENGTH = 256;

const deletedSessionsText = (count: number, who: string) => `Deleted ${count} ${count === 1 ? 'session' : 'sessions'} of ${who}.`;

const messagesOf = (error: unknown): string[] => {
  if (error instanceof ApiError) return error.errors;
  if (error instanceof Error && error.message) return [error.message];
  return ['Something went wrong. Please try again.'];
};

/** GDPR erasure of one visitor of the recorded website; the server allows it to admins only, so others do not see it. */
export function DeleteUserData({ projectId }: { projectId: number }) {
  const { account } = useHost();
  if (!account.admin && !account.superAdmin) return null;
  return <DeleteUserDataForm projectId={projectId} />;
}

function DeleteUserDataForm({ projectId }: { projectId: number }) {
  const { api } = useHost();
  const titleId = useId();
  const [userKey, setUserKey] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    setErrors([]);
    const who = userKey.trim();
    if (!who) {
      setFieldError(anonymous ? 'Enter the anonymous ID of the user whose data must be deleted.' : 'Enter the ID of the user whose data must be deleted.');
      return;
    }
    setFieldError(null);
    setConfirming(who);
  };

  const erase = async (who: string) => {
    setBusy(true);
    try {
      const body = anonymous ? { userAnonymousId: who } : { userId: who };
      const { deletedSessions } = await api.post<{ deletedSessions: number }>(DELETE_USER_DATA_PATH(projectId), body);
      setResult(deletedSessionsText(deletedSessions, who));
      setUserKey('');
    } catch (error) {
      setErrors(messagesOf(error));
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <>
      <hr className="cs-divider" />
      <section className="cs-stack" aria-labelledby={titleId}>
        <h3 id={titleId} className="cs-section-title">
          Delete a user&apos;s data
        </h3>
        <p className="cs-muted">Erase every recorded session of one user of this website, with its events and recordings.</p>
        <form className="cs-form" onSubmit={submit} noValidate>
          <Input
            label="User ID"
            name="gdprUserId"
            value={userKey}
            maxLength={MAX_USER_KEY_LENGTH}
            autoComplete="off"
            error={fieldError ?? undefined}
            hint={anonymous ? 'The value passed to setUserAnonymousID().' : 'The value passed to setUserID().'}
            onChange={(e) => setUserKey(e.target.value)}
          />
          <Checkbox label="This is an anonymous ID" toggle checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />
          <FormErrors errors={errors} />
          {result && <p role="status">{result}</p>}
          <div className="cs-form__actions">
            <Button type="submit" variant="danger" disabled={busy}>
              Delete
            </Button>
          </div>
        </form>
        {confirming !== null && (
          <ConfirmDialog
            title="Delete a user's data"
            message={`Delete every recorded session of ${confirming} in this project? This cannot be undone.`}
            confirmLabel="Delete"
            loading={busy}
            onConfirm={() => void erase(confirming)}
            onCancel={() => !busy && setConfirming(null)}
          />
        )}
      </section>
    </>
  );
}
