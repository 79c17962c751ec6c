// Create a ticket from a session, see the session's tickets, and open one to read and comment.
import { useEffect, useState, type FormEvent } from 'react';
import { Button, FormErrors, Input, Loader, Modal, NoContent, Select, Textarea, useHost } from '@cassette/plugin-sdk/ui';
import type { Ticket } from '../shared/integration.js';
import { errorsOf } from './api-errors.js';
import { createTicketPath, sessionTicketsPath, ticketProjectsPath } from './integration-paths.js';
import { TicketDetail } from './ticket-detail.js';
import { draftProblems, prefilledDescription, TITLE_MAX, type TicketProjectsAnswer } from './tickets.js';

interface CreateIssueDialogProps {
  projectId: number;
  sessionId: string;
  trackerLabel: string;
  /** The session at the moment the dialog opened. */
  link: string;
  onClose(): void;
}

export function CreateIssueDialog({ projectId, sessionId, trackerLabel, link, onClose }: CreateIssueDialogProps) {
  const { api } = useHost();
  const [tickets, setTickets] = useState<Ticket[] | null>(null);
  const [ticketErrors, setTicketErrors] = useState<string[]>([]);
  const [version, setVersion] = useState(0);
  const [openTicket, setOpenTicket] = useState<Ticket | null>(null);

  useEffect(() => {
    let current = true;
    api.get<Ticket[]>(sessionTicketsPath(projectId, sessionId)).then(
      (list) => current && (setTickets(list), setTicketErrors([])),
      (error: unknown) => current && setTicketErrors(errorsOf(error)),
    );
    return () => {
      current = false;
    };
  }, [api, projectId, sessionId, version]);

  return (
    <Modal title={openTicket ? openTicket.title : 'Create Issue'} label="Create Issue" size="large" onClose={onClose}>
      {openTicket ? (
        <TicketDetail projectId={projectId} sessionId={sessionId} ticket={openTicket} onBack={() => setOpenTicket(null)} />
      ) : (
        <div className="cs-stack-lg">
          <NewTicketForm projectId={projectId} sessionId={sessionId} trackerLabel={trackerLabel} link={link} onCreated={() => setVersion((v) => v + 1)} />
          <section aria-label="Issues of this session">
            <h3 className="integrations-kind">Issues of this session</h3>
            <FormErrors errors={ticketErrors} />
            {tickets === null ? (
              ticketErrors.length === 0 && <Loader />
            ) : tickets.length === 0 ? (
              <NoContent size="small" title="No issues created from this session yet." />
            ) : (
              <ul className="tickets-list">
                {tickets.map((ticket) => (
                  <li key={ticket.id} data-testid="session-ticket">
                    <a href={ticket.url} target="_blank" rel="noreferrer">
                      {ticket.title}
                    </a>
                    <span className="cs-muted">
                      {ticket.issueType} · {ticket.closed ? 'Closed' : 'Open'} · {ticket.commentsCount} comment{ticket.commentsCount === 1 ? '' : 's'}
                    </span>
                    <Button size="small" variant="ghost" aria-label={`Details of ${ticket.title}`} onClick={() => setOpenTicket(ticket)}>
                      Details
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}

function NewTicketForm({ projectId, sessionId, trackerLabel, link, onCreated }: Omit<CreateIssueDialogProps, 'onClose'> & { onCreated(ticket: Ticket): void }) {
  const { api, toast } = useHost();
  const [catalogue, setCatalogue] = useState<TicketProjectsAnswer | null>(null);
  const [catalogueErrors, setCatalogueErrors] = useState<string[]>([]);
  const [ticketProject, setTicketProject] = useState('');
  const [issueType, setIssueType] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState(() => prefilledDescription(link));
  const [submitted, setSubmitted] = useState(false);
  const [creating, setCreating] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    let current = true;
    api.get<TicketProjectsAnswer>(ticketProjectsPath(projectId)).then(
      (answer) => {
        if (!current) return;
        setCatalogue(answer);
        const first = answer.projects[0];
        if (first) {
          setTicketProject(first.id);
          setIssueType(first.issueTypes[0]?.id ?? '');
        }
      },
      (error: unknown) => current && setCatalogueErrors(errorsOf(error)),
    );
    return () => {
      current = false;
    };
  }, [api, projectId]);

  const types = catalogue?.projects.find((p) => p.id === ticketProject)?.issueTypes ?? [];
  const problems = draftProblems({ projectId: ticketProject, issueTypeId: issueType, title });
  const shown = submitted ? problems : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0) return;
    setCreating(true);
    setErrors([]);
    try {
      const ticket = await api.post<Ticket>(createTicketPath(projectId, sessionId, ticketProject), { issueTypeId: issueType, title: title.trim(), description });
      toast(`Issue created in ${trackerLabel}`, 'success');
      setTitle('');
      setDescription(prefilledDescription(link));
      setSubmitted(false);
      onCreated(ticket);
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setCreating(false);
    }
  };

  if (catalogueErrors.length > 0) return <FormErrors errors={catalogueErrors} />;
  if (!catalogue) return <Loader label={`Loading ${trackerLabel} projects`} />;
  if (catalogue.projects.length === 0) return <NoContent size="small" title={`No projects in ${trackerLabel} for these credentials.`} />;
  return (
    <form className="cs-form" onSubmit={submit} noValidate aria-label="New issue">
      <Select
        label="Project"
        name="project"
        required
        value={ticketProject}
        error={shown.projectId}
        options={catalogue.projects.map((p) => ({ value: p.id, label: p.name }))}
        onChange={(e) => {
          setTicketProject(e.target.value);
          setIssueType(catalogue.projects.find((p) => p.id === e.target.value)?.issueTypes[0]?.id ?? '');
        }}
      />
      <Select label="Issue type" name="issueType" required value={issueType} error={shown.issueTypeId} options={types.map((t) => ({ value: t.id, label: t.name }))} onChange={(e) => setIssueType(e.target.value)} />
      <Input label="Title" name="title" required maxLength={TITLE_MAX} value={title} error={shown.title} onChange={(e) => setTitle(e.target.value)} />
      <Textarea label="Description" name="description" rows={5} hint="Ends with a link to this moment of the session." value={description} onChange={(e) => setDescription(e.target.value)} />
      <FormErrors errors={errors} />
      <div className="cs-form__actions">
        <Button type="submit" variant="primary" loading={creating}>
          Create
        </Button>
      </div>
    </form>
  );
}
