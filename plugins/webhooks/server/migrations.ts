import type { Migration } from '@cassette/plugin-sdk/server';

export const webhooksMigrations: Migration[] = [
  {
    id: '0001_webhooks',
    up: [
      // Secrets are stored sealed by the kernel's secrets service (AES-256-GCM with a key id), never in clear. The
      // endpoint too: a Slack incoming webhook's URL is all it takes to post to the channel, and generic ones carry tokens.
      `create table webhooks_webhooks (
        webhook_id serial primary key,
        tenant_id integer not null,
        type text not null check (type in ('slack', 'webhook')),
        name text not null,
        endpoint_sealed text not null,
        auth_header_sealed text,
        signing_secret_sealed text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
      `create index webhooks_webhooks_tenant on webhooks_webhooks (tenant_id, webhook_id)`,
    ],
  },
];
