import { Button } from '@cassette/plugin-sdk/ui';
import type { StageSpan } from '@cassette/plugin-sessions/api';
import type { FunnelStage } from '../../shared/funnel.js';
import { formatPercent } from '../common/format.js';
import { NumberButton } from '../common/number-button.js';
import { sessionsCaption } from '../common/sessions-caption.js';
import { stageCountSessions, stageDropSessions, type SessionsBehind } from './stage-links.js';

export interface FunnelStagesProps {
  stages: readonly FunnelStage[];
  span: StageSpan | null;
  picked: readonly number[];
  onPick(stage: number): void;
  onClear(): void;
  onShowSessions(behind: SessionsBehind): void;
}

function selectionHint(span: StageSpan | null, picked: readonly number[], stagesCount: number): string {
  if (picked.length === 1) return `Step ${picked[0]} picked: pick another step to see the issues between the two.`;
  if (span) return `Figures and issues between Step ${span.firstStage} and Step ${span.lastStage}.`;
  return stagesCount > 2 ? 'Pick two steps to see the figures and issues between them.' : 'Figures and issues over the whole funnel.';
}

/** The steps with their counts and drops; every number opens its sessions, and two picked steps become the span. */
export function FunnelStages({ stages, span, picked, onPick, onClear, onShowSessions }: FunnelStagesProps) {
  const inSpan = (stage: number) => span === null || (stage >= span.firstStage && stage <= span.lastStage);
  const show = (behind: SessionsBehind | null) => (behind ? () => onShowSessions(behind) : undefined);
  return (
    <div className="cs-funnel-stages" data-testid="funnel-stages">
      <div className="cs-funnel-stages__selection">
        <span className="cs-muted" data-field="selection">
          {selectionHint(span, picked, stages.length)}
        </span>
        {(span !== null || picked.length > 0) && (
          <Button size="small" variant="ghost" onClick={onClear}>
            Clear selection
          </Button>
        )}
      </div>
      <ol className="cs-funnel-stages__list">
        {stages.map((stage, i) => {
          const n = i + 1;
          const pickedNow = picked.includes(n);
          const edge = span !== null && (n === span.firstStage || n === span.lastStage);
          const count = stageCountSessions(n, stages.length);
          const drop = stageDropSessions(n);
          return (
            <li
              key={n}
              className={['cs-funnel-stage', inSpan(n) ? '' : 'is-outside', pickedNow ? 'is-picked' : '', edge ? 'is-edge' : ''].filter(Boolean).join(' ')}
              data-testid="funnel-stage"
              data-stage={n}
            >
              <div className="cs-funnel-stage__head">
                <span className="cs-funnel-stage__label">{stage.label}</span>
                {stages.length > 2 && (
                  <button
                    type="button"
                    className="cs-funnel-stage__pick"
                    aria-pressed={pickedNow || edge}
                    aria-label={`Pick ${stage.label}`}
                    title={pickedNow ? 'Unpick this step' : 'Pick this step as one end of the span'}
                    onClick={() => onPick(n)}
                  >
                    {pickedNow || edge ? '●' : '○'}
                  </button>
                )}
              </div>
              <div className="cs-funnel-stage__header" data-field="header" title={stage.header}>
                {stage.header}
              </div>
              <div className="cs-funnel-stage__counts">
                <NumberButton field="sessions" value={stage.sessionsCount} unit="sessions" label={count ? sessionsCaption(count.cohort, count.span, stages.length) : ''} onShow={show(count)} />
                <NumberButton field="users" value={stage.usersCount} unit="users" label={count ? sessionsCaption(count.cohort, count.span, stages.length) : ''} onShow={show(count)} />
              </div>
              {n > 1 && (
                <div className="cs-funnel-stage__drop" data-field="drop">
                  <span aria-hidden="true">↓ </span>
                  <NumberButton field="drop-count" value={stage.dropCount} unit="dropped" label={drop ? sessionsCaption(drop.cohort, drop.span, stages.length) : ''} onShow={show(drop)} />
                  <span className="cs-muted" data-field="drop-percentage">
                    {' '}
                    ({formatPercent(stage.dropPercentage)})
                  </span>
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
