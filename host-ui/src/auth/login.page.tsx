import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { Button, CONNECTION_ERROR, createApiClient, FormErrors, Input, useToasts } from '@cassette/plugin-sdk/ui';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { useSession } from '../session/session.js';
import { authCall, type AuthResult } from './auth-result.js';
import { AuthLayout } from './auth-layout.js';
import { ChangePasswordForm } from './change-password-form.js';
import { loginMachine, type Credentials } from './login.machine.js';
import { useSignupAvailable } from './use-signup-available.js';

export default function LoginPage() {
  const session = useSession();
  const toast = useToasts();
  const { api } = session;
  const signupAvailable = useSignupAvailable(api);

  const machine = useMemo(
    () =>
      loginMachine.provide({
        actors: {
          login: fromPromise<AuthResult, Credentials>(({ input }) => authCall(api, '/login', input)),
          // The pending account's own token, not yet stored as the session.
          changePassword: fromPromise<AuthResult, { jwt: string; oldPassword: string; newPassword: string }>(({ input }) =>
            authCall(
              createApiClient({ getToken: () => input.jwt, onConnectionError: () => toast(CONNECTION_ERROR, 'error') }),
              '/account/password',
              { oldPassword: input.oldPassword, newPassword: input.newPassword },
            ),
          ),
        },
      }),
    [api, toast],
  );
  const [snapshot, send] = useMachine(machine, {
    input: { pendingJwt: session.status === 'passwordChange' ? session.token : null },
  });

  const { login } = session;
  useEffect(() => {
    if (snapshot.status === 'done' && snapshot.output) login(snapshot.output);
  }, [snapshot.status, snapshot.output, login]);

  if (snapshot.matches('changePassword') || snapshot.matches('changingPassword')) {
    return (
      <AuthLayout title="Change your password" subtitle="Your password must be changed before you continue.">
        <ChangePasswordForm
          initialOldPassword={snapshot.context.credentials?.password ?? ''}
          errors={snapshot.context.errors}
          loading={snapshot.matches('changingPassword')}
          onSubmit={(values) => send({ type: 'CHANGE_PASSWORD', ...values })}
        />
        <div className="cs-auth__links">
          <button
            type="button"
            className="cs-btn cs-btn--link"
            onClick={() => {
              if (session.status === 'passwordChange') session.clear();
              send({ type: 'CANCEL' });
            }}
          >
            Back to login
          </button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Login to your account"
      footer={
        signupAvailable ? (
          <span>
            Don't have an account? <Link to="/signup">Sign up</Link>
          </span>
        ) : null
      }
    >
      <CredentialsForm
        loading={snapshot.matches('authenticating') || snapshot.status === 'done'}
        errors={snapshot.context.errors}
        onSubmit={(credentials) => send({ type: 'SUBMIT', credentials })}
      />
    </AuthLayout>
  );
}

function CredentialsForm({ loading, errors, onSubmit }: { loading: boolean; errors: readonly string[]; onSubmit(c: Credentials): void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ email: email.trim(), password });
  };
  return (
    <form className="cs-form" onSubmit={submit}>
      <Input label="Email" type="email" name="email" autoComplete="email" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
      <Input label="Password" type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      <div className="cs-auth__row">
        <Link to="/reset-password" className="cs-link">
          Forgot your password?
        </Link>
      </div>
      <FormErrors errors={errors} />
      <Button type="submit" variant="primary" className="cs-btn--block" loading={loading}>
        Login
      </Button>
    </form>
  );
}
