import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { Button, CheckIcon, FormErrors, Input, Loader, SITE_HOST_INPUT_MAX_LENGTH } from '@cassette/plugin-sdk/ui';
import { Link, Navigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { useSession } from '../session/session.js';
import { Logo } from '../shell/logo.js';
import { authCall, type AuthResult } from './auth-result.js';
import { PASSWORD_MIN_LENGTH } from './password-rules.js';
import { signupMachine, type SignupValues } from './signup.machine.js';
import { useSignupStatus, type SignupCaptcha } from './use-signup-available.js';

/**
 * The left side of the page. The spec's hosted-offer copy (pricing, managed hosting) is true only
 * of a hosted service, so it shows only when the operator says this install is one
 * (CASSETTE_EDITION=cloud); a self-hosted install says what is true of it instead.
 */
export const PITCH = {
  cloud: {
    title: 'Want the hosted version?',
    text: 'Cassette Cloud gives you managed hosting, with scaling and upgrades taken care of, so your team can focus on your users instead of your infrastructure.',
    bullets: ['First 1K sessions free every month.', 'Pay per use, cancel anytime.', 'Community, chat and e-mail support.'],
  },
  'self-hosted': {
    title: 'Your own Cassette',
    text: 'This Cassette runs on your own servers: recordings, errors and analytics stay with you, and you decide how long they are kept.',
    bullets: ['Recordings stay on your infrastructure.', 'No session quota set by anyone but you.', 'Community support and open documentation.'],
  },
} as const;

export default function SignupPage() {
  const session = useSession();
  const { api, login, setOnboarding } = session;
  const status = useSignupStatus(api);

  const machine = useMemo(
    () => signupMachine.provide({ actors: { signup: fromPromise<AuthResult, SignupValues>(({ input }) => authCall(api, '/signup', input)) } }),
    [api],
  );
  const [snapshot, send] = useMachine(machine);

  useEffect(() => {
    if (snapshot.status === 'done' && snapshot.output) {
      // Signup turns onboarding on; the routing rules then lead to /onboarding/installing.
      setOnboarding(true);
      login(snapshot.output);
    }
  }, [snapshot.status, snapshot.output, login, setOnboarding]);

  if (status === null) return <Loader />;
  if (!status.open) return <Navigate to="/login" replace />;
  const pitch = PITCH[status.edition];

  return (
    <div className="cs-signup">
      <aside className="cs-signup__aside">
        <div className="cs-signup__aside-inner">
          <Logo />
          <h2 className="cs-signup__pitch-title">{pitch.title}</h2>
          <p className="cs-signup__pitch">{pitch.text}</p>
          <ul className="cs-signup__bullets">
            {pitch.bullets.map((b) => (
              <li key={b}>
                <span className="cs-signup__bullet-icon" aria-hidden="true">
                  <CheckIcon size={14} />
                </span>
                {b}
              </li>
            ))}
          </ul>
        </div>
      </aside>
      <main className="cs-signup__main">
        <div className="cs-signup__form-wrap">
          <div className="cs-signup__heading">
            <h1>Get Started</h1>
            <span className="cs-muted">
              Already have an account? <Link to="/login">Sign in</Link>
            </span>
          </div>
          <SignupForm
            loading={snapshot.matches('loading') || snapshot.status === 'done'}
            errors={snapshot.context.errors}
            captcha={status.captcha}
            onSubmit={(values) => send({ type: 'SUBMIT', values })}
          />
          <p className="cs-signup__terms">
            By creating an account, you agree to our{' '}
            <a href="https://cassette.dev/terms" target="_blank" rel="noreferrer">
              Terms of Service
            </a>{' '}
            and{' '}
            <a href="https://cassette.dev/privacy" target="_blank" rel="noreferrer">
              Privacy Policy
            </a>
            .
          </p>
        </div>
      </main>
    </div>
  );
}

function SignupForm({ loading, errors, captcha, onSubmit }: { loading: boolean; errors: readonly string[]; captcha: SignupCaptcha | null; onSubmit(values: SignupValues): void }) {
  const [values, setValues] = useState<SignupValues>({ email: '', password: '', fullname: '', organizationName: '', projectHost: '' });
  const set = (key: keyof SignupValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The provider's widget puts its answer into a field of the form.
    const answer = captcha ? new FormData(event.currentTarget).get(captcha.field) : null;
    onSubmit({
      ...values,
      email: values.email.trim(),
      fullname: values.fullname.trim(),
      organizationName: values.organizationName.trim(),
      projectHost: values.projectHost.trim(),
      ...(typeof answer === 'string' && answer ? { 'g-recaptcha-response': answer } : {}),
    });
  };
  return (
    <form className="cs-form" onSubmit={submit}>
      <Input label="Email" type="email" name="email" autoComplete="email" required autoFocus value={values.email} onChange={set('email')} />
      <Input
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        placeholder={`Min ${PASSWORD_MIN_LENGTH} Characters`}
        minLength={PASSWORD_MIN_LENGTH}
        required
        value={values.password}
        onChange={set('password')}
      />
      <Input label="Name" name="fullname" autoComplete="name" required value={values.fullname} onChange={set('fullname')} />
      <Input label="Organization" name="organizationName" autoComplete="organization" required value={values.organizationName} onChange={set('organizationName')} />
      <Input
        label="Website host"
        name="projectHost"
        autoComplete="url"
        placeholder="shop.example.com"
        hint="The site you will record. Replays trust pages on this host and its subdomains only."
        required
        maxLength={SITE_HOST_INPUT_MAX_LENGTH}
        value={values.projectHost}
        onChange={set('projectHost')}
      />
      {captcha && <CaptchaWidget captcha={captcha} />}
      <Button type="submit" variant="primary" className="cs-btn--block" loading={loading}>
        Create account
      </Button>
      <FormErrors errors={errors} />
    </form>
  );
}

/** The operator's captcha: the provider's script renders its widget into the marked element. */
function CaptchaWidget({ captcha }: { captcha: SignupCaptcha }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (document.querySelector(`script[src="${captcha.script}"]`)) return;
    const script = document.createElement('script');
    script.src = captcha.script;
    script.async = true;
    document.head.appendChild(script);
  }, [captcha.script]);
  return <div ref={ref} className={captcha.widgetClass} data-sitekey={captcha.siteKey} data-testid="signup-captcha" />;
}
