import { useCallback, useEffect, useRef, useState } from 'react';
import { CheckIcon, useHost, useDismiss } from '@cassette/plugin-sdk/ui';
import { Link } from 'react-router-dom';
import { STORAGE_KEYS, store } from '../app/storage.js';
import { DEFERRED_FETCH_MS } from '../session/session.js';
import { boardingHeader, boardingPercent, hideAfterCheck, RING_HIDE_CHECK_MS, ringColor, showRing, type BoardingTask } from './onboarding-ring-rules.js';

const RADIUS = 13;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export function OnboardingRing() {
  const { api, currentProject } = useHost();
  const [tasks, setTasks] = useState<BoardingTask[] | null>(null);
  const [dismissed, setDismissed] = useState(() => store.flag(STORAGE_KEYS.boardingDismissed));
  const [autoHidden, setAutoHidden] = useState(false);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  const load = useCallback(async () => {
    try {
      setTasks(await api.get<BoardingTask[]>('/boarding'));
    } catch {
      // The ring is optional; a failure leaves it hidden.
    }
  }, [api]);

  // Fetched with "the rest", 100 ms after the account, projects and client.
  useEffect(() => {
    const timer = setTimeout(() => void load(), DEFERRED_FETCH_MS);
    return () => clearTimeout(timer);
  }, [load, currentProject?.id]);

  const percent = tasks ? boardingPercent(tasks) : 0;
  useEffect(() => {
    if (!tasks) return;
    const timer = setTimeout(() => {
      if (hideAfterCheck(percent)) setAutoHidden(true);
    }, RING_HIDE_CHECK_MS);
    return () => clearTimeout(timer);
  }, [tasks, percent]);

  if (!tasks || autoHidden || !showRing(percent, dismissed, open)) return null;
  const color = ringColor(percent);
  return (
    <div className="cs-ring" ref={ref}>
      <button
        type="button"
        className="cs-ring__button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`Onboarding progress ${percent}%`}
        onClick={() => {
          if (!open) void load();
          setOpen((o) => !o);
        }}
      >
        <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" className={`cs-ring__svg cs-ring--${color}`} data-color={color}>
          <circle cx="16" cy="16" r={RADIUS} className="cs-ring__track" />
          <circle
            cx="16"
            cy="16"
            r={RADIUS}
            className="cs-ring__value"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - percent / 100)}
            transform="rotate(-90 16 16)"
          />
          <text x="16" y="20" textAnchor="middle" className="cs-ring__text">
            {percent}
          </text>
        </svg>
      </button>
      {open && (
        <div className="cs-dropdown cs-ring__panel" role="dialog" aria-label="Onboarding">
          <div className="cs-ring__header">
            <strong>{boardingHeader(percent)}</strong>
            <span className="cs-muted">{percent}% done</span>
          </div>
          <div className="cs-progress" aria-hidden="true">
            <div className={`cs-progress__bar cs-progress__bar--${color}`} style={{ width: `${percent}%` }} />
          </div>
          <ul className="cs-ring__tasks">
            {tasks.map((task) => (
              <li key={task.task} className={['cs-ring__task', task.done ? 'is-done' : ''].join(' ')}>
                <span className="cs-ring__check" aria-hidden="true">
                  {task.done && <CheckIcon size={12} />}
                </span>
                {task.URL && /^https?:\/\//.test(task.URL) ? (
                  <a href={task.URL} target="_blank" rel="noreferrer">
                    {task.label}
                  </a>
                ) : task.URL ? (
                  <Link to={task.URL} onClick={close}>
                    {task.label}
                  </Link>
                ) : (
                  <span>{task.label}</span>
                )}
                <span className="cs-visually-hidden">{task.done ? '(done)' : '(to do)'}</span>
              </li>
            ))}
          </ul>
          <div className="cs-dropdown__footer cs-ring__footer">
            <button
              type="button"
              className="cs-btn cs-btn--link cs-btn--small"
              onClick={() => {
                store.setFlag(STORAGE_KEYS.boardingDismissed, true);
                setDismissed(true);
              }}
            >
              Hide
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
