import { useState } from 'react';
import { ApiError, Button, ConfirmDialog, permanentDeleteQuestion, Spinner, useHost } from '@cassette/plugin-sdk/ui';
import type { SessionsListSidebarProps } from '@cassette/plugin-sessions/api';
import type { FunnelListItem as FunnelListEntry } from '../../shared/funnel.js';
import { BLANK_FUNNEL_STEPS, FUNNELS_EMPTY_TEXT, SIDEBAR_FUNNELS_SHOWN } from '../constants.js';
import { PlusIcon } from '../common/icons.js';
import { funnelFilterOf, funnelFilterProblem, funnelOrderNote } from '../save/funnel-filter.js';
import { SaveFunnelDialog } from '../save/save-funnel-dialog.js';
import { FunnelListItem } from './funnel-list-item.js';
import { plusAction } from './plus-action.js';
import { useFunnelList } from './use-funnel-list.js';

const reason = (e: unknown) => (e instanceof ApiError ? e.errors.join(' ') : 'The server did not answer.');

/**
 * The sidebar Funnels block beside the sessions list (spec part 1 §2): the project's funnels,
 * three until SHOW MORE; the plus button saves the search as a funnel, or starts one with blank
 * steps when the search has none.
 */
export function FunnelsBlock(props: SessionsListSidebarProps) {
  const { projectId, filter } = props;
  const { account, toast } = useHost();
  const funnels = useFunnelList(projectId);
  const [expanded, setExpanded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<FunnelListEntry | null>(null);
  const [busyDeleting, setBusyDeleting] = useState(false);
  const shown = expanded ? funnels.list : funnels.list.slice(0, SIDEBAR_FUNNELS_SHOWN);
  const more = funnels.list.length - SIDEBAR_FUNNELS_SHOWN;

  function plus() {
    const action = plusAction(props);
    if (action === 'save') return setSaving(true);
    if (action === 'addSteps') props.addBlankSteps(BLANK_FUNNEL_STEPS);
    props.blinkFilters();
  }

  async function rename(funnel: FunnelListEntry, name: string) {
    try {
      await funnels.rename(funnel.funnelId, name);
    } catch (e) {
      toast(`“${funnel.name}” could not be renamed: ${reason(e)}`, 'error');
    }
  }

  async function confirmDelete() {
    const funnel = deleting;
    if (!funnel) return;
    setBusyDeleting(true);
    try {
      await funnels.remove(funnel.funnelId);
      toast(`Deleted the funnel “${funnel.name}”.`, 'success');
    } catch (e) {
      toast(`“${funnel.name}” could not be deleted: ${reason(e)} Try again in a moment.`, 'error');
    } finally {
      setBusyDeleting(false);
      setDeleting(null);
    }
  }

  const steps = filter.events?.length ?? 0;
  const attributes = filter.filters?.length ?? 0;
  const orderNote = funnelOrderNote(filter);

  return (
    <section className="cs-card cs-funnels-block" aria-labelledby="cs-funnels-block-title" data-testid="funnels-block">
      <header className="cs-funnels-block__header">
        <h2 id="cs-funnels-block-title" className="cs-funnels-block__title">
          Funnels
        </h2>
        <button
          type="button"
          className="cs-icon-btn cs-funnels-block__add"
          aria-label="Create a funnel"
          title={steps > 0 ? 'Save the steps of this search as a funnel' : 'Start a funnel: add its steps to the search'}
          data-testid="add-funnel"
          onClick={plus}
        >
          <PlusIcon />
        </button>
      </header>
      {funnels.loading && funnels.list.length === 0 && <Spinner size="small" label="Loading funnels" />}
      {funnels.errors.length > 0 && (
        <div className="cs-funnels-block__note" role="alert">
          <p>{funnels.errors.join(' ')}</p>
          <Button size="small" variant="secondary" onClick={funnels.reload}>
            Try again
          </Button>
        </div>
      )}
      {!funnels.loading && funnels.errors.length === 0 && funnels.list.length === 0 && (
        <p className="cs-muted cs-funnels-block__note" data-testid="funnels-empty">
          {FUNNELS_EMPTY_TEXT} Press + to start one from the steps of your search.
        </p>
      )}
      {shown.length > 0 && (
        <ul className="cs-funnels-block__list">
          {shown.map((funnel) => (
            <FunnelListItem
              key={funnel.funnelId}
              funnel={funnel}
              siteId={projectId}
              own={funnel.userId === account.id}
              onRename={(name) => void rename(funnel, name)}
              onDelete={() => setDeleting(funnel)}
            />
          ))}
        </ul>
      )}
      {more > 0 && (
        <button type="button" className="cs-funnels-block__more" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {expanded ? 'SHOW LESS' : `SHOW MORE (${more})`}
        </button>
      )}
      {saving && (
        <SaveFunnelDialog
          existing={null}
          problem={funnelFilterProblem(filter)}
          summary={
            <p className="cs-muted" data-testid="save-funnel-summary">
              {steps} {steps === 1 ? 'step' : 'steps'}
              {attributes > 0 ? ` and ${attributes} ${attributes === 1 ? 'filter' : 'filters'}` : ''} from the search.{orderNote ? ` ${orderNote}` : ''}
            </p>
          }
          onClose={() => setSaving(false)}
          onSave={async ({ name, isPublic }) => {
            const funnel = await funnels.create({ name, isPublic, filter: funnelFilterOf(filter) });
            setSaving(false);
            toast(`Saved the funnel “${funnel?.name ?? name}”.`, 'success');
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog message={permanentDeleteQuestion(`"${deleting.name}"`)} confirmLabel="Delete" loading={busyDeleting} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)} />
      )}
    </section>
  );
}
