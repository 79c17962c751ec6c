import type { Migration } from '@cassette/plugin-sdk/server';

export const coreMigrations: Migration[] = [
  {
    id: '0001_accounts_projects',
    up: [
      `create table core_tenants (
        id serial primary key,
        name text not null,
        tenant_key text not null unique,
        opt_out boolean not null default false,
        onboarding jsonb not null default '{}'::jsonb,
        created_at timestamptz not null default now()
      )`,
      `create table core_roles (
        id serial primary key,
        tenant_id integer not null references core_tenants(id) on delete cascade,
        name text not null,
        description text,
        permissions jsonb not null default '[]'::jsonb,
        all_projects boolean not null default true,
        project_ids jsonb not null default '[]'::jsonb,
        protected boolean not null default false,
        created_at timestamptz not null default now(),
        deleted_at timestamptz
      )`,
      `create index core_roles_tenant_id_index on core_roles (tenant_id)`,
      `create unique index core_roles_tenant_name_unique on core_roles (tenant_id, lower(name)) where deleted_at is null`,
      `create table core_users (
        id serial primary key,
        tenant_id integer not null references core_tenants(id) on delete cascade,
        email text not null,
        name text not null,
        password_hash text,
        admin boolean not null default false,
        super_admin boolean not null default false,
        role_id integer references core_roles(id),
        joined boolean not null default false,
        change_password boolean not null default false,
        appearance jsonb not null default '{}'::jsonb,
        created_at timestamptz not null default now(),
        deleted_at timestamptz
      )`,
      `create index core_users_tenant_id_index on core_users (tenant_id)`,
      // Login is by e-mail alone, so an address belongs to one live account across tenants.
      `create unique index core_users_email_unique on core_users (lower(email)) where deleted_at is null`,
      `create table core_projects (
        id serial primary key,
        tenant_id integer not null references core_tenants(id) on delete cascade,
        name text not null,
        host text not null default '',
        project_key text not null unique,
        gdpr jsonb not null,
        custom_fields jsonb not null default '[]'::jsonb,
        save_request_payloads boolean not null default false,
        recorded boolean not null default false,
        last_recorded_session_at timestamptz,
        created_at timestamptz not null default now(),
        deleted_at timestamptz
      )`,
      `create index core_projects_tenant_id_index on core_projects (tenant_id)`,
      `create unique index core_projects_tenant_name_unique on core_projects (tenant_id, lower(name)) where deleted_at is null`,
      `create table core_auth_sessions (
        id text primary key,
        user_id integer not null references core_users(id) on delete cascade,
        expires_at timestamptz not null,
        created_at timestamptz not null default now()
      )`,
      `create index core_auth_sessions_user_id_index on core_auth_sessions (user_id)`,
      `create table core_one_time_tokens (
        id serial primary key,
        user_id integer not null references core_users(id) on delete cascade,
        kind text not null,
        token_hash text not null unique,
        expires_at timestamptz not null,
        used_at timestamptz,
        created_at timestamptz not null default now()
      )`,
      `create index core_one_time_tokens_user_id_index on core_one_time_tokens (user_id)`,
    ],
  },
  {
    // The organization API key (build pipelines). Only its sha256 (for lookup) and a copy sealed
    // with the kernel's secret keys (for showing it to admins) are stored: a database dump alone
    // hands out no usable key. SQL cannot seal, so the kernel issues keys to tenants that have
    // none right after the migrations run (see issueMissingApiKeys).
    id: '0002_tenant_api_keys',
    up: [
      `alter table core_tenants add column api_key_hash text`,
      `alter table core_tenants add column api_key_sealed text`,
      `create unique index core_tenants_api_key_hash_unique on core_tenants (api_key_hash)`,
    ],
  },
  {
    // The project's trackerVersion (spec part 2 §3): the tracker version of its latest session start.
    id: '0003_project_tracker_version',
    up: [`alter table core_projects add column if not exists tracker_version text`],
  },
  {
    // The client's loggerOptions, and the project's stackIntegrations and tags (spec part 2 §3).
    id: '0004_client_logger_options_project_tags',
    up: [
      `alter table core_tenants add column if not exists logger_options jsonb not null default '{}'::jsonb`,
      `alter table core_projects add column if not exists stack_integrations boolean not null default false`,
      `alter table core_projects add column if not exists tags jsonb not null default '[]'::jsonb`,
    ],
  },
  {
    // The account's ICE servers (spec part 2 §3, Account.iceServers): STUN/TURN servers for assist
    // calls, set by an admin for the whole organization. None by default: calls then use the
    // peers' own addresses only (enough on one network).
    id: '0005_tenant_ice_servers',
    up: [`alter table core_tenants add column if not exists ice_servers jsonb not null default '[]'::jsonb`],
  },
];
