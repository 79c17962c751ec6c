import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { Button, FormErrors, Input, Loader } from '@cassette/plugin-sdk/ui';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { useSession } from '../session/session.js';
import { authCall, type AuthResult } from './auth-result.js';
import { AuthLayout } from './auth-layout.js';
import { PASSWORD_MIN_LENGTH } from './password-rules.js';
import { resetPasswordMachine, type TokenInfo } from './reset-password.machine.js';

export const LINK_SENT_TEXT = 'If an account exists for this e-mail, we sent it a link to reset the password. Check your inbox.';
export const LINK_EXPIRED_TEXT = 'This link has expired or was already used.';

export default function ResetPasswordPage() {
  const { api, login } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');

  const machine = useMemo(
    () =>
      resetPasswordMachine.provide({
        actors: {
          requestLink: fromPromise<void, { email: string }>(async ({ input }) => {
            await api.post('/password/reset-link', { email: input.email });
          }),
          checkToken: fromPromise<TokenInfo, { token: string }>(({ input }) => api.get<TokenInfo>(`/password/token?token=${encodeURIComponent(input.token)}`)),
          resetPassword: fromPromise<AuthResult, { token: string; password: string }>(({ input }) => authCall(api, '/password/reset', input)),
        },
      }),
    [api],
  );
  // Remount the flow when the token in the URL changes.
  return <ResetFlow key={token ?? ''} machine={machine} token={token} onRequestNew={() => navigate('/reset-password', { replace: true })} onDone={login} />;
}

function ResetFlow({
  machine,
  token,
  onRequestNew,
  onDone,
}: {
  machine: typeof resetPasswordMachine;
  token: string | null;
  onRequestNew(): void;
  onDone(result: AuthResult): void;
}) {
  const [snapshot, send] = useMachine(machine, { input: { token } });
  useEffect(() => {
    if (snapshot.status === 'done' && snapshot.output) onDone(snapshot.output);
  }, [snapshot.status, snapshot.output, onDone]);

  const backToLogin = (
    <Link to="/login" className="cs-link">
      Back to login
    </Link>
  );

  if (snapshot.matches('checkingToken') || snapshot.matches('start')) return <Loader />;

  if (snapshot.matches('tokenError')) {
    return (
      <AuthLayout title="Reset password" footer={backToLogin}>
        <FormErrors errors={snapshot.context.errors} />
        <Button variant="primary" onClick={() => send({ type: 'RETRY' })}>
          Retry
        </Button>
      </AuthLayout>
    );
  }

  if (snapshot.matches('expired')) {
    return (
      <AuthLayout title="Link expired" footer={backToLogin}>
        <p className="cs-auth__text">{LINK_EXPIRED_TEXT} You can request a new one.</p>
        <Button
          variant="primary"
          className="cs-btn--block"
          onClick={() => {
            send({ type: 'REQUEST_NEW' });
            if (token) onRequestNew();
          }}
        >
          Request a new link
        </Button>
      </AuthLayout>
    );
  }

  if (snapshot.matches('passwordForm') || snapshot.matches('resetting') || snapshot.matches('done')) {
    const info = snapshot.context.info;
    const invitation = info?.kind === 'invitation';
    return (
      <AuthLayout
        title={invitation ? 'Welcome to Cassette' : 'Reset password'}
        subtitle={invitation ? `${info?.name ? `${info.name}, c` : 'C'}hoose a password to join your team.` : 'Choose a new password.'}
        footer={backToLogin}
      >
        <NewPasswordForm
          email={info?.email ?? ''}
          loading={snapshot.matches('resetting') || snapshot.matches('done')}
          errors={snapshot.context.errors}
          onSubmit={(password, confirm) => send({ type: 'SUBMIT', password, confirm })}
        />
      </AuthLayout>
    );
  }

  if (snapshot.matches('linkSent')) {
    return (
      <AuthLayout title="Check your e-mail" footer={backToLogin}>
        <p className="cs-auth__text" role="status">
          {LINK_SENT_TEXT}
        </p>
        <Button variant="link" onClick={() => send({ type: 'REQUEST_NEW' })}>
          Send another link
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Reset password" subtitle="Enter your e-mail and we will send you a link to set a new password." footer={backToLogin}>
      <RequestLinkForm loading={snapshot.matches('requesting')} errors={snapshot.context.errors} onSubmit={(email) => send({ type: 'REQUEST_LINK', email })} />
    </AuthLayout>
  );
}

function RequestLinkForm({ loading, errors, onSubmit }: { loading: boolean; errors: readonly string[]; onSubmit(email: string): void }) {
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(email);
  };
  return (
    <form className="cs-form" onSubmit={submit}>
      <Input label="Email" type="email" name="email" autoComplete="email" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
      <FormErrors errors={errors} />
      <Button type="submit" variant="primary" className="cs-btn--block" loading={loading}>
        Email Password Reset Link
      </Button>
    </form>
  );
}

function NewPasswordForm({ email, loading, errors, onSubmit }: { email: string; loading: boolean; errors: readonly string[]; onSubmit(password: string, confirm: string): void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(password, confirm);
  };
  return (
    <form className="cs-form" onSubmit={submit} noValidate>
      <Input label="Email" type="email" name="email" value={email} readOnly autoComplete="username" />
      <Input
        label="New Password"
        type="password"
        name="password"
        autoComplete="new-password"
        placeholder={`Min ${PASSWORD_MIN_LENGTH} Characters`}
        minLength={PASSWORD_MIN_LENGTH}
        required
        autoFocus
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Input
        label="Confirm Password"
        type="password"
        name="confirm"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <FormErrors errors={errors} />
      <Button type="submit" variant="primary" className="cs-btn--block" loading={loading}>
        Set Password
      </Button>
    </form>
  );
}
