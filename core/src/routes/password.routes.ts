import { Type } from '@sinclair/typebox';
import { defineRoute, HttpError, coreEvents, type AnyRouteDef } from '@cassette/plugin-sdk/server';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { AuthSessionEntity } from '../entities/auth-session.entity.js';
import { UserEntity } from '../entities/user.entity.js';
import { consumeToken, findLiveToken, issueOneTimeToken } from '../domain/one-time-tokens.js';
import { resetMail } from '../domain/reset-mail.js';
import { loggedInAnswer, resetLink, type CoreRuntime } from './core-runtime.js';
import { PASSWORD } from './schemas.js';

const EXPIRED = 'This link has expired or was already used. Ask for a new one.';

export function passwordRoutes(core: CoreRuntime): AnyRouteDef[] {
  const requestLink = defineRoute({
    method: 'POST',
    url: '/password/reset-link',
    access: { auth: 'public' },
    summary: 'Send a password reset link (the answer is the same whether the account exists or not)',
    schema: { body: Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }, { additionalProperties: false }) },
    handler: async ({ body, em, log, request, reply }) => {
      const email = body.email.trim().toLowerCase();
      const wait = core.resetLinkLimiter.retryAfter(email, request.ip);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new HttpError(429, `A link was sent a moment ago. Check your inbox, or try again in ${Math.ceil(wait / 60)} minute(s).`);
      }
      core.resetLinkLimiter.recordFailure(email, request.ip);
      const user = await em.findOne(UserEntity, { email, deletedAt: null });
      if (user) {
        const token = await issueOneTimeToken(em, user.id, 'reset');
        const link = resetLink(core, token);
        try {
          await core.mailer.send(resetMail(user, link));
        } catch (error) {
          log.error({ err: error }, 'could not send the reset mail');
        }
      }
      return { ok: true };
    },
  });

  const tokenInfo = defineRoute({
    method: 'GET',
    url: '/password/token',
    access: { auth: 'public' },
    summary: 'Who a reset or invitation link is for',
    schema: { querystring: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }) },
    handler: async ({ query, em }) => {
      const token = await findLiveToken(em, query.token);
      const user = token ? await em.findOne(UserEntity, { id: token.userId, deletedAt: null }) : null;
      if (!token || !user) throw new HttpError(404, EXPIRED);
      return { email: user.email, name: user.name, kind: token.kind };
    },
  });

  const reset = defineRoute({
    method: 'POST',
    url: '/password/reset',
    access: { auth: 'public' },
    summary: 'Set a new password with a reset or invitation token',
    schema: { body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), password: PASSWORD }, { additionalProperties: false }) },
    handler: async ({ body, em }) => {
      const token = await findLiveToken(em, body.token);
      const user = token ? await em.findOne(UserEntity, { id: token.userId, deletedAt: null }) : null;
      if (!token || !user) throw new HttpError(404, EXPIRED);
      const passwordHash = await hashPassword(body.password);
      if (!(await consumeToken(em, token))) throw new HttpError(404, EXPIRED);
      const joining = !user.joined;
      user.passwordHash = passwordHash;
      user.joined = true;
      user.changePassword = false;
      await em.flush();
      // A new password ends every other session of this account.
      await em.nativeDelete(AuthSessionEntity, { userId: user.id });
      if (joining) await core.events.publish(coreEvents.memberJoined, { tenantId: user.tenantId, userId: user.id });
      return loggedInAnswer(core, em, user);
    },
  });

  const change = defineRoute({
    method: 'POST',
    url: '/account/password',
    access: { auth: 'user' },
    summary: 'Change the password (also clears a pending forced change)',
    schema: { body: Type.Object({ oldPassword: Type.String({ minLength: 1, maxLength: 256 }), newPassword: PASSWORD }, { additionalProperties: false }) },
    handler: async ({ body, em, caller }) => {
      const user = await em.findOneOrFail(UserEntity, { id: caller.userId });
      if (!(await verifyPassword(user.passwordHash ?? null, body.oldPassword))) throw new HttpError(400, 'The current password is not correct.');
      if (body.oldPassword === body.newPassword) throw new HttpError(400, 'The new password must differ from the current one.');
      user.passwordHash = await hashPassword(body.newPassword);
      user.changePassword = false;
      await em.flush();
      await em.nativeDelete(AuthSessionEntity, { userId: user.id });
      return loggedInAnswer(core, em, user);
    },
  });

  return [requestLink, tokenInfo, reset, change] as AnyRouteDef[];
}
