// One ticket of the session as it is now in the tracker: its activities and a comment box.
import { useEffect, useState, type FormEvent } from 'react';
import { Button, formatDateTime, FormErrors, Loader, Textarea, useHost } from '@cassette/plugin-sdk/ui';
import type { Ticket, TicketActivity } from '../shared/integration.js';
import { errorsOf } from './api-errors.js';
import { sessionTicketPath, ticketCommentPath } from './integration-paths.js';

export const COMMENT_REQUIRED = 'Write a comment first.';

export function TicketDetail({ projectId, sessionId, ticket, onBack }: { projectId: number; sessionId: string; ticket: Ticket; onBack(): void }) {
  const { api, toast, timezone } = useHost();
  const [detail, setDetail] = useState<Ticket | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [sendErrors, setSendErrors] = useState<string[]>([]);

  useEffect(() => {
    let current = true;
    api.get<Ticket>(sessionTicketPath(projectId, sessionId, ticket.id)).then(
      (t) => current && setDetail(t),
      (error: unknown) => current && setErrors(errorsOf(error)),
    );
    return () => {
      current = false;
    };
  }, [api, projectId, sessionId, ticket.id]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!comment.trim()) {
      setCommentError(COMMENT_REQUIRED);
      return;
    }
    setCommentError(undefined);
    setSending(true);
    setSendErrors([]);
    try {
      const activity = await api.post<TicketActivity>(ticketCommentPath(projectId, sessionId, ticket.id), { message: comment.trim() });
      setDetail((d) => (d ? { ...d, activities: [...(d.activities ?? []), activity], commentsCount: d.commentsCount + 1 } : d));
      setComment('');
      toast('Comment added', 'success');
    } catch (error) {
      setSendErrors(errorsOf(error));
    } finally {
      setSending(false);
    }
  };

  const shown = detail ?? ticket;
  return (
    <div className="cs-stack" data-testid="ticket-detail">
      <div>
        <Button size="small" variant="ghost" onClick={onBack}>
          ← Issues
        </Button>
      </div>
      <p>
        <a href={shown.url} target="_blank" rel="noreferrer">
          Open in the tracker
        </a>{' '}
        <span className="cs-muted">
          {shown.issueType} · {shown.closed ? 'Closed' : 'Open'}
          {shown.assignee ? ` · assigned to ${shown.assignee}` : ''}
        </span>
      </p>
      {shown.description && <p className="integrations-ticket-description">{shown.description}</p>}
      <FormErrors errors={errors} />
      {detail === null && errors.length === 0 ? (
        <Loader />
      ) : (
        <ul className="tickets-list" aria-label="Activity">
          {(shown.activities ?? []).map((activity) => (
            <li key={activity.id} className="ticket-activity" data-testid="ticket-activity">
              <strong>{activity.author}</strong>
              <span className="cs-muted">{formatDateTime(activity.createdAt, timezone || 'UTC')}</span>
              <span>{activity.message}</span>
            </li>
          ))}
        </ul>
      )}
      <form className="cs-form" onSubmit={send} noValidate aria-label="Add a comment">
        <Textarea label="Comment" name="comment" rows={3} value={comment} error={commentError} onChange={(e) => setComment(e.target.value)} />
        <FormErrors errors={sendErrors} />
        <div className="cs-form__actions">
          <Button type="submit" variant="primary" loading={sending}>
            Comment
          </Button>
        </div>
      </form>
    </div>
  );
}
