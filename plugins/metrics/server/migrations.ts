import type { Migration } from '@cassette/plugin-sdk/server';

export const metricsMigrations: Migration[] = [
  {
    id: '0001_metrics',
    up: [
      // A metric keeps its definition only: every chart is counted from the sessions when asked.
      // A predefined metric (user_id null) is made once per project and catalogue key, when a dashboard first places it.
      `create table metrics_metrics (
        metric_id serial primary key,
        project_id integer not null,
        user_id integer,
        name text not null,
        metric_type text not null,
        metric_of text not null,
        metric_value jsonb not null default '[]'::jsonb,
        metric_format text not null default 'sessionCount',
        view_type text not null,
        is_public boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
      `create index metrics_metrics_project_updated on metrics_metrics (project_id, updated_at desc)`,
      `create unique index metrics_metrics_predefined on metrics_metrics (project_id, metric_of) where metric_type = 'predefined'`,
      `create table metrics_series (
        series_id serial primary key,
        metric_id integer not null references metrics_metrics (metric_id) on delete cascade,
        index integer not null,
        name text not null,
        filter jsonb not null
      )`,
      `create index metrics_series_metric on metrics_series (metric_id, index)`,
      `create table metrics_dashboards (
        dashboard_id serial primary key,
        project_id integer not null,
        user_id integer not null,
        name text not null,
        description text not null default '',
        is_public boolean not null default true,
        is_pinned boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
      `create index metrics_dashboards_project on metrics_dashboards (project_id, created_at)`,
      // One pinned dashboard per project, whatever two requests do at once.
      `create unique index metrics_dashboards_one_pinned on metrics_dashboards (project_id) where is_pinned`,
      `create table metrics_widgets (
        widget_id serial primary key,
        dashboard_id integer not null references metrics_dashboards (dashboard_id) on delete cascade,
        metric_id integer not null references metrics_metrics (metric_id) on delete cascade,
        position integer not null,
        col integer not null default 2,
        row integer not null default 2,
        created_at timestamptz not null default now()
      )`,
      `create index metrics_widgets_dashboard on metrics_widgets (dashboard_id, position)`,
      `create index metrics_widgets_metric on metrics_widgets (metric_id)`,
    ],
  },
];
