import type { Migration } from '@cassette/plugin-sdk/server';

export const integrationsMigrations: Migration[] = [
  {
    id: '0001_integrations',
    up: [
      // One configuration per project and tool. Secret fields live apart, each value sealed by the secrets service.
      `create table integrations_configs (
        project_id integer not null,
        tenant_id integer not null,
        name text not null,
        config jsonb not null default '{}'::jsonb,
        secrets jsonb not null default '{}'::jsonb,
        connected boolean not null default false,
        checked_at timestamptz,
        last_error text,
        saved_at timestamptz not null default now(),
        primary key (project_id, name)
      )`,
      `create index integrations_configs_tenant on integrations_configs (tenant_id)`,
      // Tickets created from a session: the tool keeps the ticket, this keeps which session it came from.
      `create table integrations_tickets (
        ticket_row_id serial primary key,
        project_id integer not null,
        session_id text not null,
        provider text not null,
        ticket_project_id text not null,
        ticket_id text not null,
        title text not null,
        url text not null,
        created_at timestamptz not null default now()
      )`,
      `create index integrations_tickets_session on integrations_tickets (project_id, session_id, created_at)`,
      `create index integrations_tickets_ticket on integrations_tickets (project_id, provider, ticket_id)`,
    ],
  },
];
