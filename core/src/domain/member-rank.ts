import { HttpError } from '@cassette/plugin-sdk/server';

/**
 * Who may manage whom in a team. The owner (superAdmin) is managed only by themselves; an
 * admin manages admins and members; a member manages nobody. Without this an admin could
 * reset, re-address, demote or remove the owner and so take the organization over.
 */
type Ranked = { admin: boolean; superAdmin: boolean };

export const OWNER_ONLY = 'Only the owner can change the owner’s account.';
export const ABOVE_YOU = 'You cannot change a member whose rights exceed yours.';

export function memberRank(user: Ranked): number {
  if (user.superAdmin) return 2;
  return user.admin ? 1 : 0;
}

/** Whether `caller` may change, reset or remove `target`. */
export function mayManage(caller: Ranked, target: Ranked): boolean {
  return memberRank(target) <= memberRank(caller);
}

/** 403 when `target` ranks above `caller`. */
export function assertMayManage(caller: Ranked, target: Ranked): void {
  if (mayManage(caller, target)) return;
  throw new HttpError(403, target.superAdmin ? OWNER_ONLY : ABOVE_YOU);
}
