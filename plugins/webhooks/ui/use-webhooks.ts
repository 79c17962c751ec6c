import { useCallback, useEffect, useState } from 'react';
import { useHost } from '@cassette/plugin-sdk/ui';
import type { Webhook } from '../shared/webhook.js';
import { errorsOf } from './api-errors.js';
import { WEBHOOKS_PATH } from './webhook-paths.js';

export interface WebhookList {
  webhooks: Webhook[] | null;
  errors: string[];
  reload(): void;
}

/** The organization's webhooks, loaded on mount and after each change. */
export function useWebhooks(): WebhookList {
  const { api } = useHost();
  const [webhooks, setWebhooks] = useState<Webhook[] | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    api.get<Webhook[]>(WEBHOOKS_PATH).then(
      (list) => current && (setWebhooks(list), setErrors([])),
      (error: unknown) => current && setErrors(errorsOf(error)),
    );
    return () => {
      current = false;
    };
  }, [api, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { webhooks, errors, reload };
}
