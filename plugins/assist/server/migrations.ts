import type { Migration } from '@cassette/plugin-sdk/server';

export const assistMigrations: Migration[] = [
  {
    id: '0001_consents',
    up: [
      // Every answer a visitor gave to an agent's call or control request, and its end: the
      // record that nothing happened on a visitor's page without their consent.
      `create table assist_consents (
        id bigserial primary key,
        project_id integer not null,
        session_id text not null,
        agent_user_id integer,
        kind text not null check (kind in ('call', 'control')),
        answer text not null check (answer in ('accepted', 'declined', 'ended', 'stopped')),
        at timestamptz not null default now()
      )`,
      `create index assist_consents_session on assist_consents (project_id, session_id, at)`,
    ],
  },
];
