import { useEffect, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useApi, useHost } from '@cassette/plugin-sdk/ui';
import type { Funnel, FunnelIssuesAnswer, FunnelQueryBody, FunnelSessionsAnswer } from '../../shared/funnel.js';
import { editedFilterState, readEditedFilter } from '../common/edited-filter-state.js';
import { readFunnelView, resolveRange, viewOf, writeFunnelView } from '../common/funnel-view.js';
import { funnelsRoutes } from '../paths.js';
import { funnelPageMachine, type FunnelSessionsBody } from './funnel-page.machine.js';

// Answers leave out empty fields; the page reads them whole.
export const funnelOf = (answer: Funnel): Funnel => ({ ...answer, stages: answer?.stages ?? [] });
const issuesOf = (answer: FunnelIssuesAnswer, body: FunnelQueryBody): FunnelIssuesAnswer => ({
  issues: answer?.issues ?? [],
  firstStage: answer?.firstStage ?? body.firstStage ?? 1,
  lastStage: answer?.lastStage ?? body.lastStage ?? 1,
});
const sessionsOf = (answer: FunnelSessionsAnswer): FunnelSessionsAnswer => ({ sessions: answer?.sessions ?? [], total: answer?.total ?? 0 });

/**
 * The funnel page's machine with the API as its loaders, started from the view in the URL; the
 * range and span it moves to go back into the URL (replacing the entry: Back leaves the page),
 * an unsaved filter edit into the entry's state.
 */
export function useFunnelPage(projectId: number, funnelId: number) {
  const api = useApi();
  const { timezone } = useHost();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const machine = useMemo(
    () =>
      funnelPageMachine.provide({
        actors: {
          loadInsights: fromPromise(async ({ input }: { input: { funnelId: number; body: FunnelQueryBody } }) => funnelOf(await api.post<Funnel>(funnelsRoutes.insights(projectId, input.funnelId), input.body))),
          loadIssues: fromPromise(async ({ input }: { input: { funnelId: number; body: FunnelQueryBody } }) =>
            issuesOf(await api.post<FunnelIssuesAnswer>(funnelsRoutes.issues(projectId, input.funnelId), input.body), input.body),
          ),
          loadSessions: fromPromise(async ({ input }: { input: { funnelId: number; body: FunnelSessionsBody } }) =>
            sessionsOf(await api.post<FunnelSessionsAnswer>(funnelsRoutes.sessions(projectId, input.funnelId), input.body)),
          ),
        },
      }),
    [api, projectId],
  );
  const actor = useActorRef(machine, {
    input: (() => {
      const view = readFunnelView(params);
      return { funnelId, range: resolveRange(view, timezone), span: view.span, edited: readEditedFilter(location.state) };
    })(),
  });
  const snapshot = useSelector(actor, (s) => s);
  const { range, span, edited } = snapshot.context;

  useEffect(() => {
    setParams(
      (current) => {
        const next = writeFunnelView(viewOf(range, span), current);
        return next.toString() === current.toString() ? current : next;
      },
      // The unsaved edit stays with the entry: Back from an issue page finds it again.
      { replace: true, state: editedFilterState(edited) },
    );
  }, [range, span, edited, setParams]);

  return { actor, snapshot };
}
