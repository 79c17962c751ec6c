import { useEffect, useState } from 'react';
import type { ApiClient } from '@cassette/plugin-sdk/ui';

/** GET /api/signup: signup is open only while no tenant exists. null while unknown. */
export function useSignupAvailable(api: ApiClient): boolean | null {
  const [available, setAvailable] = useState<boolean | null>(null);
  useEffect(() => {
    let cancelled = false;
    api
      .get<{ tenants: boolean }>('/signup')
      .then((data) => !cancelled && setAvailable(data.tenants === false))
      .catch(() => !cancelled && setAvailable(false));
    return () => {
      cancelled = true;
    };
  }, [api]);
  return available;
}
