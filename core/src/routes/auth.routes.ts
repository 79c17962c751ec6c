import { Type } from '@sinclair/typebox';
import { defineRoute, HttpError, coreEvents, type AnyRouteDef } from '@cassette/plugin-sdk/server';
import { AuthSessionEntity } from '../entities/auth-session.entity.js';
import { TenantEntity } from '../entities/tenant.entity.js';
import { UserEntity } from '../entities/user.entity.js';
import { siteHostOrRefuse } from '../domain/site-host.js';
import { setUpTenant } from '../domain/tenant-setup.js';
import { loggedInAnswer, type CoreRuntime } from './core-runtime.js';
import { verifyCaptcha } from '../auth/captcha.js';
import { CAPTCHA_PROVIDERS } from '../config/app-config.js';
import { EMAIL, ORG_NAME, PASSWORD, PERSON_NAME, PROJECT_NAME, SITE_HOST } from './schemas.js';

const SIGNUP_CLOSED = 'Signup is closed: this Cassette already has an organization. Ask its admin for an invitation.';

export function authRoutes(core: CoreRuntime): AnyRouteDef[] {
  const signupStatus = defineRoute({
    method: 'GET',
    url: '/signup',
    access: { auth: 'public' },
    summary: 'Whether signup is still open (it closes once a tenant exists), the edition (its signup copy) and the captcha to solve, if an operator configured one',
    schema: {
      response: Type.Object({
        tenants: Type.Boolean(),
        edition: Type.Union([Type.Literal('self-hosted'), Type.Literal('cloud')]),
        captcha: Type.Union([Type.Object({ provider: Type.String(), siteKey: Type.String(), script: Type.String(), widgetClass: Type.String(), field: Type.String() }), Type.Null()]),
      }),
    },
    keepNulls: true,
    handler: async ({ em }) => {
      const captcha = core.config.captcha;
      return {
        tenants: (await em.count(TenantEntity, {})) > 0,
        edition: core.config.edition,
        captcha: captcha ? { provider: captcha.provider, siteKey: captcha.siteKey, ...CAPTCHA_PROVIDERS[captcha.provider] } : null,
      };
    },
  });

  const signup = defineRoute({
    method: 'POST',
    url: '/signup',
    access: { auth: 'public' },
    summary: 'Create the tenant, its owner and a first project',
    schema: {
      body: Type.Object(
        {
          email: EMAIL,
          password: PASSWORD,
          fullname: PERSON_NAME,
          organizationName: ORG_NAME,
          projectName: Type.Optional(PROJECT_NAME),
          /** The first project's site host: replays trust only pages on it. */
          projectHost: SITE_HOST,
          /** The captcha's answer (the spec's g-recaptcha-response): checked only when an operator configured a provider. */
          'g-recaptcha-response': Type.Optional(Type.String({ maxLength: 8192 })),
        },
        { additionalProperties: false },
      ),
    },
    handler: async ({ body, em, request }) => {
      // Refuse before any Argon2 work: a closed signup must cost nothing.
      if ((await em.count(TenantEntity, {})) > 0) throw new HttpError(403, SIGNUP_CLOSED);
      const projectHost = siteHostOrRefuse(body.projectHost);
      await verifyCaptcha(core.config.captcha, core.outbound, body['g-recaptcha-response'], request.ip);
      const passwordHash = await core.passwords.hash(body.password, request.ip);
      const created = await em.transactional(async (tx) => {
        // The lock makes "only while no tenant exists" hold when two signups race.
        await tx.getConnection().execute('lock table core_tenants in exclusive mode', [], 'run', tx.getTransactionContext());
        if ((await tx.count(TenantEntity, {})) > 0) {
          throw new HttpError(403, SIGNUP_CLOSED);
        }
        const input = {
          organizationName: body.organizationName.trim(),
          ownerEmail: body.email.trim().toLowerCase(),
          ownerName: body.fullname.trim(),
          passwordHash,
          projectName: body.projectName?.trim() || 'My first project',
          projectHost,
        };
        return setUpTenant(tx, input, core.secrets);
      });
      await core.events.publish(coreEvents.tenantCreated, { tenantId: created.tenant.id, ownerUserId: created.owner.id });
      await core.events.publish(coreEvents.projectCreated, { tenantId: created.tenant.id, projectId: created.project.id });
      return loggedInAnswer(core, em, created.owner);
    },
  });

  const login = defineRoute({
    method: 'POST',
    url: '/login',
    access: { auth: 'public' },
    summary: 'Log in with e-mail and password',
    schema: {
      body: Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }), password: Type.String({ minLength: 1, maxLength: 256 }) }, { additionalProperties: false }),
    },
    handler: async ({ body, em, request, reply }) => {
      const email = body.email.trim().toLowerCase();
      const wait = core.loginLimiter.retryAfter(email, request.ip);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new HttpError(429, `Too many failed attempts. Try again in ${Math.ceil(wait / 60)} minute(s) or reset your password.`);
      }
      const user = await em.findOne(UserEntity, { email, deletedAt: null });
      const ok = await core.passwords.verify(user?.passwordHash, body.password, request.ip);
      if (!user || !ok) {
        core.loginLimiter.recordFailure(email, request.ip);
        throw new HttpError(401, 'Invalid email or password.');
      }
      core.loginLimiter.recordSuccess(email, request.ip);
      return loggedInAnswer(core, em, user);
    },
  });

  const logout = defineRoute({
    method: 'POST',
    url: '/logout',
    access: { auth: 'user' },
    summary: 'Invalidate the current token',
    schema: {},
    handler: async ({ caller, em }) => {
      await em.nativeDelete(AuthSessionEntity, { id: caller.tokenId });
      return { ok: true };
    },
  });

  return [signupStatus, signup, login, logout] as AnyRouteDef[];
}
