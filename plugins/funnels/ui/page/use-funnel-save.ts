import { useCallback } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useApi } from '@cassette/plugin-sdk/ui';
import type { Funnel } from '../../shared/funnel.js';
import { funnelQueryBody } from '../common/funnel-view.js';
import { funnelsRoutes } from '../paths.js';
import type { FunnelNameAndSharing } from '../save/save-funnel-dialog.js';
import type { funnelPageMachine } from './funnel-page.machine.js';
import { funnelOf } from './use-funnel-page.js';

/**
 * Saves the funnel (`POST /funnels/{id}`, its author only). A rename changes only the name. The
 * save dialog also saves the filter as edited on the page, if it was: the answer is then the
 * funnel over the page's range and span, and the page takes it. Rejects with the server's reasons.
 */
export function useFunnelSave(projectId: number, actor: ActorRefFrom<typeof funnelPageMachine>) {
  const api = useApi();
  return useCallback(
    async (change: Partial<FunnelNameAndSharing>, withFilter: boolean) => {
      const { funnel, edited, range, span } = actor.getSnapshot().context;
      if (!funnel) return;
      const path = funnelsRoutes.funnel(projectId, funnel.funnelId);
      if (withFilter && edited) {
        const answer = await api.post<Funnel>(path, { ...change, filter: edited, ...funnelQueryBody(range, span) });
        actor.send({ type: 'FUNNEL_SAVED', funnel: funnelOf(answer), filter: edited });
        return;
      }
      const answer = await api.post<Funnel>(path, change);
      actor.send({ type: 'FUNNEL_CHANGED', change: { name: answer?.name ?? change.name ?? funnel.name, isPublic: answer?.isPublic ?? change.isPublic ?? funnel.isPublic } });
    },
    [api, projectId, actor],
  );
}
