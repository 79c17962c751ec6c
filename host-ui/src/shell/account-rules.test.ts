import { describe, expect, it } from 'vitest';
import { accountHasPermission } from '@cassette/plugin-sdk/ui';
import { canAddProject, canInviteMember, duplicateSiteName, firstName, hostPrompt, memberLockReason, memberState, projectHostProblem, roleLabel } from './account-rules.js';

const limits = (projects: number, team = -1) => ({ projects: { remaining: projects }, teamMember: { remaining: team } });

describe('account rules', () => {
  it('lets only admins add projects, while the limit allows it', () => {
    expect(canAddProject({ admin: true, superAdmin: false, limits: limits(-1) })).toBe(true);
    expect(canAddProject({ admin: false, superAdmin: true, limits: limits(2) })).toBe(true);
    expect(canAddProject({ admin: true, superAdmin: true, limits: limits(0) })).toBe(false);
    expect(canAddProject({ admin: false, superAdmin: false, limits: limits(5) })).toBe(false);
  });
  it('disables inviting when no team member is left', () => {
    expect(canInviteMember({ limits: limits(1, 0) })).toBe(false);
    expect(canInviteMember({ limits: limits(1, -1) })).toBe(true);
  });
  it('locks the owner’s row and other admins’ rows for an admin, and nothing for the owner', () => {
    const owner = { id: 1, admin: true, superAdmin: true };
    const admin = { id: 2, admin: true, superAdmin: false };
    const otherAdmin = { id: 3, admin: true, superAdmin: false };
    const member = { id: 4, admin: false, superAdmin: false };
    expect([owner, admin, otherAdmin, member].map((m) => memberLockReason(owner, m))).toEqual([null, null, null, null]);
    expect([owner, admin, otherAdmin, member].map((m) => memberLockReason(admin, m))).toEqual([
      'Only the owner can change the owner’s account.',
      null,
      'Only the owner can change another admin’s account.',
      null,
    ]);
  });
  it('gives admins every permission and members their role’s', () => {
    const member = { admin: false, superAdmin: false, permissions: ['SESSION_REPLAY' as const] };
    expect(accountHasPermission(member, 'SESSION_REPLAY')).toBe(true);
    expect(accountHasPermission(member, 'ERRORS')).toBe(false);
    expect(accountHasPermission({ admin: true, superAdmin: false, permissions: [] }, 'ASSIST_CALL')).toBe(true);
    expect(accountHasPermission({ admin: false, superAdmin: true, permissions: [] }, 'METRICS')).toBe(true);
    expect(accountHasPermission(null, 'METRICS')).toBe(false);
  });
  it('shows the first name', () => {
    expect(firstName('Ada Lovelace')).toBe('Ada');
    expect(firstName('  ', 'bob@example.com')).toBe('bob');
  });
  it('labels roles', () => {
    expect(roleLabel({ superAdmin: true, admin: true })).toBe('Owner');
    expect(roleLabel({ superAdmin: false, admin: true })).toBe('Admin');
    expect(roleLabel({ superAdmin: false, admin: false, roleName: 'QA' })).toBe('QA');
    expect(roleLabel({ superAdmin: false, admin: false })).toBe('Member');
  });
  it('tells pending and expired invitations', () => {
    expect(memberState({ joined: true, expiredInvitation: false })).toBeNull();
    expect(memberState({ joined: false, expiredInvitation: false })).toBe('Pending');
    expect(memberState({ joined: false, expiredInvitation: true })).toBe('Invitation expired');
  });
  it('spots duplicate project names', () => {
    const projects = [
      { id: 1, name: 'My Site' },
      { id: 2, name: 'Shop' },
    ];
    expect(duplicateSiteName(' my site ', projects)).toBe(true);
    expect(duplicateSiteName('My Site', projects, 1)).toBe(false);
    expect(duplicateSiteName('Blog', projects)).toBe(false);
  });
  it('finds projects whose host is missing or not a host, and prompts to set it', () => {
    expect(projectHostProblem('shop.example.com')).toBeNull();
    expect(projectHostProblem('localhost:3000')).toBeNull();
    expect(projectHostProblem('')).toBe('missing');
    expect(projectHostProblem('  ')).toBe('missing');
    expect(projectHostProblem("h'; --")).toBe('invalid');
    const set = { name: 'Shop', host: 'shop.example.com' };
    const unset = { name: 'Blog', host: '' };
    expect(hostPrompt([set], true)).toBeNull();
    expect(hostPrompt([set, unset], true)).toBe('The project “Blog” has no valid host, so its replays trust any page address a recording names. Edit it to set the host of the website it records.');
    expect(hostPrompt([unset, { name: 'Docs', host: 'not a host' }], false)).toBe('2 projects have no valid host, so their replays trust any page address a recording names. Ask an admin to set them.');
  });
});
