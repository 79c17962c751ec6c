import { useEffect, useState } from 'react';
import { useApi } from '@cassette/plugin-sdk/ui';
import type { Webhook } from '@cassette/plugin-webhooks/api';

/** The webhooks plugin's list of the organization's webhooks (its README, "HTTP API"): every member reads names and types. */
export const WEBHOOKS_ROUTE = '/webhooks';

/**
 * The chat and generic webhooks an alert may notify; null while loading. When they cannot be
 * read (the webhooks plugin is off) there are none to offer.
 */
export function useWebhookChoices(): Webhook[] | null {
  const api = useApi();
  const [webhooks, setWebhooks] = useState<Webhook[] | null>(null);
  useEffect(() => {
    let live = true;
    api
      .get<Webhook[]>(WEBHOOKS_ROUTE)
      .then((list) => live && setWebhooks(list))
      .catch(() => live && setWebhooks([]));
    return () => {
      live = false;
    };
  }, [api]);
  return webhooks;
}
