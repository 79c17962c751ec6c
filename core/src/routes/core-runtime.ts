import type { EntityManager } from '@mikro-orm/core';
import { apiResult, type AppearanceWidget, type Caller, type Logger, type Mailer, type OutboundHttpClient, type SecretsService } from '@cassette/plugin-sdk/server';
import type { AppConfig } from '../config/app-config.js';
import type { DatabaseRuntime } from '../database/create-database.js';
import type { TokenService } from '../auth/tokens.js';
import type { LoginRateLimiter } from '../auth/login-rate-limiter.js';
import type { PasswordHasher } from '../auth/password-hasher.js';
import type { EventBus } from '../kernel/event-bus.js';
import { AuthSessionEntity } from '../entities/auth-session.entity.js';
import type { Tenant } from '../entities/tenant.entity.js';
import type { User } from '../entities/user.entity.js';
import { accountView, clientView, loadTenant } from '../domain/account-view.js';
import { revealApiKey } from '../domain/organization-api-key.js';

/** What the kernel's own routes need. */
export interface CoreRuntime {
  config: AppConfig;
  db: DatabaseRuntime;
  tokens: TokenService;
  events: EventBus;
  mailer: Mailer;
  /** Seals the organization API key at rest. */
  secrets: SecretsService;
  log: Logger;
  loginLimiter: LoginRateLimiter;
  /** Every Argon2 hash and check: a concurrency cap and a per-address budget. */
  passwords: PasswordHasher;
  /** Reset-link requests per address and IP, so nobody can flood an inbox from the login page. */
  resetLinkLimiter: LoginRateLimiter;
  enabledPlugins: string[];
  /** The dashboard widgets the enabled plugins let members hide (`appearance.dashboard`). */
  appearanceWidgets: readonly AppearanceWidget[];
  /** The kernel's safe outbound client: the signup captcha's verification goes through it. */
  outbound: OutboundHttpClient;
}

/** Issues a token backed by a session row and answers `{ jwt, data: { account, client } }`. */
export async function loggedInAnswer(core: CoreRuntime, em: EntityManager, user: User) {
  const { token, tokenId, expiresAt } = await core.tokens.issue(user.id, user.tenantId);
  em.create(AuthSessionEntity, { id: tokenId, userId: user.id, expiresAt });
  await em.flush();
  const [account, tenant] = await Promise.all([accountView(em, user, core.config, core.appearanceWidgets), loadTenant(em, user.tenantId)]);
  return apiResult({ account, client: clientView(tenant, null, core.config.edition) }, { extra: { jwt: token } });
}

/** The organization as `caller` may see it: only admins get the API key. */
export function clientViewFor(core: CoreRuntime, tenant: Tenant, caller: Caller) {
  return clientView(tenant, caller.admin ? revealApiKey(tenant, core.secrets, core.log) : null, core.config.edition);
}

export function resetLink(core: CoreRuntime, token: string): string {
  return `${core.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}
