import { useCallback, useRef, useState } from 'react';
import { useHost, useDismiss } from '@cassette/plugin-sdk/ui';
import { useLocation, useNavigate } from 'react-router-dom';
import { pathForProject } from '../session/project-selection.js';
import { ProjectFormPanel } from '../settings/project-form.js';
import { canAddProject } from './account-rules.js';
import { StatusDot } from './status-dot.js';

export function ProjectSwitcher() {
  const { projects, currentProject, selectProject, account, reloadProjects } = useHost();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  const switchTo = (id: number) => {
    setOpen(false);
    if (id === currentProject?.id) return;
    navigate(pathForProject(location.pathname, id, location.search));
    selectProject(id);
  };

  return (
    <div className="cs-switcher" ref={ref}>
      <button type="button" className="cs-switcher__button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {currentProject ? (
          <>
            <StatusDot status={currentProject.status} />
            <span className="cs-visually-hidden">Current project: </span>
            <span className="cs-switcher__name">{currentProject.name}</span>
          </>
        ) : (
          <span className="cs-switcher__name cs-muted">No project</span>
        )}
        <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <polyline points="6 9 12 15 18 9" />
        </svg>
      </button>
      {open && (
        <div className="cs-dropdown cs-switcher__menu" role="group" aria-label="Projects">
          <div className="cs-dropdown__section">
            {projects.map((project) => (
              <button
                key={project.id}
                type="button"
               
                aria-current={project.id === currentProject?.id ? 'true' : undefined}
                className={['cs-dropdown__item', project.id === currentProject?.id ? 'is-active' : ''].join(' ')}
                onClick={() => switchTo(project.id)}
              >
                <StatusDot status={project.status} />
                <span className="cs-dropdown__label">{project.name}</span>
                {project.host && <span className="cs-dropdown__meta">{project.host}</span>}
              </button>
            ))}
          </div>
          <div className="cs-dropdown__footer">
            <button
              type="button"
              className="cs-btn cs-btn--secondary cs-btn--small cs-btn--block"
              disabled={!canAddProject(account)}
              onClick={() => {
                setOpen(false);
                setAdding(true);
              }}
            >
              Add Project
            </button>
          </div>
        </div>
      )}
      {adding && (
        <ProjectFormPanel
          onClose={() => setAdding(false)}
          onSaved={async (project) => {
            // The panel stays open on the new project's key and snippet until closed. After creating a project outside the settings, it becomes the current one.
            await reloadProjects().catch(() => {});
            navigate(pathForProject(location.pathname, project.id));
            selectProject(project.id);
          }}
        />
      )}
    </div>
  );
}
