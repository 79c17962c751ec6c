import { useEffect, useState } from 'react';
import type { ApiClient } from '@cassette/plugin-sdk/ui';

/** The captcha an operator configured for signup (GET /api/signup), to render with the provider's script. */
export interface SignupCaptcha {
  provider: string;
  siteKey: string;
  script: string;
  widgetClass: string;
  /** The form field the provider's widget fills with its answer. */
  field: string;
}

export interface SignupStatus {
  /** Signup is open only while no tenant exists. */
  open: boolean;
  /** `cloud` only on a hosted service: the signup page carries the hosted offer's copy there alone. */
  edition: 'self-hosted' | 'cloud';
  captcha: SignupCaptcha | null;
}

/** GET /api/signup; null while unknown. An unreachable answer reads as closed. */
export function useSignupStatus(api: ApiClient): SignupStatus | null {
  const [status, setStatus] = useState<SignupStatus | null>(null);
  useEffect(() => {
    let cancelled = false;
    api
      .get<{ tenants: boolean; edition?: 'self-hosted' | 'cloud'; captcha?: SignupCaptcha | null }>('/signup')
      .then((data) => !cancelled && setStatus({ open: data.tenants === false, edition: data.edition === 'cloud' ? 'cloud' : 'self-hosted', captcha: data.captcha ?? null }))
      .catch(() => !cancelled && setStatus({ open: false, edition: 'self-hosted', captcha: null }));
    return () => {
      cancelled = true;
    };
  }, [api]);
  return status;
}

/** Whether signup is open; null while unknown. */
export function useSignupAvailable(api: ApiClient): boolean | null {
  const status = useSignupStatus(api);
  return status === null ? null : status.open;
}
