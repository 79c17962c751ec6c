// Server half of the plugin SDK. Plugins import kernel surface from here only.
export { definePlugin } from './server/plugin.js';
export type {
  Disposable,
  DepsMap,
  NoDeps,
  EntityDefinition,
  ExtensionPointDef,
  FlowDef,
  HandlerContext,
  Migration,
  PluginRegistrar,
  ResolvedDeps,
  ServerPlugin,
  ServiceFactory,
  StartContext,
} from './server/plugin.js';
export { defineRoute, routeFor, defineAsset, assetFor, apiResult, HttpError, badRequest, forbidden, notFound, conflict, payloadTooLarge, tooManyRequests, serviceUnavailable } from './server/routes.js';
export type { AnyAssetDef, AnyRouteDef, ApiResult, AssetDef, Caller, CallerFor, DelegatedLogin, HttpMethod, ProjectIdFor, RouteAccess, RouteContext, RouteDef, RouteSchema, RouteSocket, TenantIdFor } from './server/routes.js';
export { coreServices, defineJob } from './server/services.js';
export { defineSettings } from './server/settings.js';
export type { SettingsRef } from './server/settings.js';
export type {
  BlobStore,
  ConfigService,
  DatabaseService,
  EnqueueOptions,
  EventsService,
  FlowsService,
  GdprSettings,
  JobContext,
  JobDef,
  JobHandler,
  JobsService,
  Logger,
  Mailer,
  CounterMetric,
  GaugeDef,
  GaugeMetric,
  HistogramDef,
  HistogramMetric,
  MetricDef,
  MetricLabels,
  MetricsService,
  OnboardingService,
  OnboardingTask,
  MailMessage,
  ProjectInfo,
  ProjectsService,
  PubSubService,
  SecretsService,
  UserInfo,
  UsersService,
  TenantsService,
} from './server/services.js';
export { OutboundHttpError } from './server/outbound-http.js';
export { integrationFailure, isIntegrationFailure } from './server/integration-failure.js';
export type { IntegrationFailure, IntegrationFailureReason } from './server/integration-failure.js';
export type { OutboundHttpClient, OutboundHttpErrorCode, OutboundMethod, OutboundRequestOptions, OutboundResponse, OutboundResponseHead, OutboundStreamResponse } from './server/outbound-http.js';
export { coreEvents } from './server/core-events.js';
export { SqlFragment, sql, trusted, joinSql, allOf, anyOf, SQL_TRUE, SQL_FALSE, sqlRunner } from './server/sql.js';
export type { SqlRunner } from './server/sql.js';
export { storableText, storableJson, storableJsonText } from './server/storable-text.js';
// The shared half, so server code needs one import path.
export { PERMISSIONS, PERMISSION_LABELS, isPermission, createServiceRef, createExtensionPoint, ownerOf, defineEvent } from './index.js';
export type { Permission, ServiceRef, ExtensionPointRef, EventDef, EventPayload, AppearanceWidget } from './index.js';
export { callTool, toolTransportFailure, DEFAULT_TOOL_TIMEOUT_MS } from './server/call-tool.js';
export { logLevelOf } from './server/log-level.js';
export type { LogLevel } from './server/log-level.js';
export { readLogText } from './server/log-text.js';
export type { LogText } from './server/log-text.js';
export type { ToolAnswer, ToolCall, ToolFixes } from './server/call-tool.js';
export { HEADLESS_CHROMIUM_ARGS } from './server/headless-chromium.js';
