import { memberManageRefusal, type RankedMember } from '@cassette/plugin-sdk';
import { HttpError } from '@cassette/plugin-sdk/server';

/**
 * Every member route's guard: the owner manages everyone, an admin the plain members only, and
 * everyone themselves (the rule and its messages are shared with the Team tab,
 * `memberManageRefusal`). Without it an admin could reset, re-address, demote or remove the owner
 * or another admin (a new e-mail, then a mailed reset link) and so take that account over.
 */
export function assertMayManage(caller: RankedMember & { userId: number }, target: RankedMember & { id: number }): void {
  const refusal = memberManageRefusal(caller, target, caller.userId === target.id);
  if (refusal) throw new HttpError(403, refusal);
}
