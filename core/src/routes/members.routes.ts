import type { EntityManager } from '@mikro-orm/core';
import { Type } from '@sinclair/typebox';
import { defineRoute, HttpError, badRequest, conflict, notFound, type AnyRouteDef } from '@cassette/plugin-sdk/server';
import { AuthSessionEntity } from '../entities/auth-session.entity.js';
import { RoleEntity } from '../entities/role.entity.js';
import { UserEntity, type User } from '../entities/user.entity.js';
import { accountLimits } from '../domain/account-view.js';
import { assertMayManage } from '../domain/member-rank.js';
import { invitationExpired, issueOneTimeToken } from '../domain/one-time-tokens.js';
import { resetMail } from '../domain/reset-mail.js';
import { resetLink, type CoreRuntime } from './core-runtime.js';
import { EMAIL, ID_PARAM, PERSON_NAME } from './schemas.js';

async function memberView(em: EntityManager, user: User, invitationLink?: string) {
  const role = user.roleId ? await em.findOne(RoleEntity, { id: user.roleId }) : null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    createdAt: user.createdAt.toISOString(),
    admin: user.admin || user.superAdmin,
    superAdmin: user.superAdmin,
    joined: user.joined,
    expiredInvitation: !user.joined && (await invitationExpired(em, user.id)),
    roleId: user.roleId ?? null,
    roleName: role?.name ?? null,
    changePassword: user.changePassword,
    invitationLink,
  };
}

async function checkRole(em: EntityManager, tenantId: number, roleId: number | undefined): Promise<number> {
  if (roleId === undefined) {
    const member = await em.findOne(RoleEntity, { tenantId, name: 'Member', protected: true, deletedAt: null });
    if (!member) throw badRequest('Choose a role for the member.');
    return member.id;
  }
  const role = await em.findOne(RoleEntity, { id: roleId, tenantId, deletedAt: null });
  if (!role) throw badRequest('The chosen role does not exist.');
  return role.id;
}

export function memberRoutes(core: CoreRuntime): AnyRouteDef[] {
  const memberParams = Type.Object({ id: ID_PARAM });

  const list = defineRoute({
    method: 'GET',
    url: '/client/members',
    access: { auth: 'admin' },
    summary: 'Team members and pending invitations',
    schema: {},
    handler: async ({ em, caller }) => {
      const users = await em.find(UserEntity, { tenantId: caller.tenantId, deletedAt: null }, { orderBy: { id: 'asc' } });
      return Promise.all(users.map((u) => memberView(em, u)));
    },
  });

  const invite = defineRoute({
    method: 'PUT',
    url: '/client/members',
    access: { auth: 'admin' },
    summary: 'Invite a member by e-mail; answers with the invitation link',
    schema: {
      body: Type.Object({ email: EMAIL, name: PERSON_NAME, admin: Type.Optional(Type.Boolean()), roleId: Type.Optional(ID_PARAM) }, { additionalProperties: false }),
    },
    handler: async ({ em, caller, body, log }) => {
      const tenantId = caller.tenantId;
      const limits = await accountLimits(em, tenantId, core.config);
      if (limits.teamMember.remaining === 0) throw new HttpError(403, 'Your team is at its member limit. Remove a member or raise LIMIT_TEAM_MEMBERS.');
      const email = body.email.trim().toLowerCase();
      if (await em.findOne(UserEntity, { email, deletedAt: null })) throw conflict('A member with this e-mail already exists.');
      const roleId = await checkRole(em, tenantId, body.roleId);
      const user = em.create(UserEntity, { tenantId, email, name: body.name.trim(), admin: body.admin ?? false, roleId, joined: false, appearance: {} });
      await em.flush();
      const link = resetLink(core, await issueOneTimeToken(em, user.id, 'invitation'));
      try {
        await core.mailer.send({
          to: email,
          subject: `${caller.name} invited you to Cassette`,
          text: `Hello ${user.name},\n\n${caller.name} invited you to join their team on Cassette.\nSet your password here (the link is valid for 7 days):\n${link}\n`,
        });
      } catch (error) {
        log.error({ err: error }, 'could not send the invitation mail');
      }
      return memberView(em, user, link);
    },
  });

  const update = defineRoute({
    method: 'PUT',
    url: '/client/members/:id',
    access: { auth: 'admin' },
    summary: 'Change a member',
    schema: {
      params: memberParams,
      body: Type.Object(
        {
          email: Type.Optional(EMAIL),
          name: Type.Optional(PERSON_NAME),
          admin: Type.Optional(Type.Boolean()),
          roleId: Type.Optional(ID_PARAM),
          /** Ask the member to choose a new password at their next login. */
          changePassword: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    },
    handler: async ({ em, caller, body, params }) => {
      const user = await em.findOne(UserEntity, { id: params.id, tenantId: caller.tenantId, deletedAt: null });
      if (!user) throw notFound('Member not found');
      assertMayManage(caller, user);
      if (user.superAdmin && body.admin === false) throw badRequest('The owner stays an admin.');
      if (body.email !== undefined) {
        const email = body.email.trim().toLowerCase();
        const other = await em.findOne(UserEntity, { email, deletedAt: null, id: { $ne: user.id } });
        if (other) throw conflict('A member with this e-mail already exists.');
        user.email = email;
      }
      if (body.name !== undefined) user.name = body.name.trim();
      if (body.admin !== undefined) user.admin = body.admin;
      if (body.roleId !== undefined) user.roleId = await checkRole(em, caller.tenantId, body.roleId);
      if (body.changePassword !== undefined) user.changePassword = body.changePassword;
      await em.flush();
      return memberView(em, user);
    },
  });

  const resetInvitation = defineRoute({
    method: 'GET',
    url: '/client/members/:id/reset',
    access: { auth: 'admin' },
    summary: 'Replace an invitee’s invitation link (answered), or mail a joined member a password reset link (not answered)',
    schema: { params: memberParams },
    handler: async ({ em, caller, params, log }) => {
      const user = await em.findOne(UserEntity, { id: params.id, tenantId: caller.tenantId, deletedAt: null });
      if (!user) throw notFound('Member not found');
      assertMayManage(caller, user);
      // An invitee has no account to take over yet, and the admin may share the link (README).
      if (!user.joined) return { mailed: false, invitationLink: resetLink(core, await issueOneTimeToken(em, user.id, 'invitation')) };
      // A joined member's reset link opens their account: only their own mailbox gets it.
      const link = resetLink(core, await issueOneTimeToken(em, user.id, 'reset'));
      try {
        await core.mailer.send(resetMail(user, link));
      } catch (error) {
        log.error({ err: error }, 'could not send the reset mail');
        throw new HttpError(503, 'The reset mail could not be sent. Try again later.');
      }
      return { mailed: true, email: user.email };
    },
  });

  const remove = defineRoute({
    method: 'DELETE',
    url: '/client/members/:id',
    access: { auth: 'admin' },
    summary: 'Remove a member',
    schema: { params: memberParams },
    handler: async ({ em, caller, params }) => {
      const user = await em.findOne(UserEntity, { id: params.id, tenantId: caller.tenantId, deletedAt: null });
      if (!user) throw notFound('Member not found');
      assertMayManage(caller, user);
      if (user.id === caller.userId) throw badRequest('You cannot remove yourself.');
      if (user.superAdmin) throw badRequest('The owner cannot be removed.');
      user.deletedAt = new Date();
      await em.flush();
      await em.nativeDelete(AuthSessionEntity, { userId: user.id });
      return { deleted: true };
    },
  });

  return [list, invite, update, resetInvitation, remove] as AnyRouteDef[];
}
