/**
 * Who may manage whom in a team (reset, re-address, rename, re-role, demote, remove): the owner
 * manages everyone; an admin manages the plain members only; everyone manages themselves. An
 * admin who could change another admin's e-mail and then have a reset link mailed there would
 * take that account over, so equal ranks are as closed as higher ones. The server enforces this
 * on every member route; the Team tab reads the same rule to lock the rows it would refuse.
 */
export interface RankedMember {
  admin: boolean;
  superAdmin: boolean;
}

export const OWNER_ONLY = 'Only the owner can change the owner’s account.';
export const ADMINS_BY_OWNER_ONLY = 'Only the owner can change another admin’s account.';
export const MEMBERS_BY_ADMINS_ONLY = 'Only admins can change another member’s account.';

export function memberRank(member: RankedMember): number {
  if (member.superAdmin) return 2;
  return member.admin ? 1 : 0;
}

/** Why `caller` may not manage `target`, or null when they may. `self`: the target is the caller. */
export function memberManageRefusal(caller: RankedMember, target: RankedMember, self: boolean): string | null {
  if (self || memberRank(target) < memberRank(caller)) return null;
  if (target.superAdmin) return OWNER_ONLY;
  return target.admin ? ADMINS_BY_OWNER_ONLY : MEMBERS_BY_ADMINS_ONLY;
}
