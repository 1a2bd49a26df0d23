import '../auth.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page';

interface AuthStatusProps {
  title: string;
  /** While something runs: the processing message (a polite live region). */
  progress?: string | null;
  /** The outcome, success or failure, with its actions. */
  error?: string | null;
  message?: ReactNode;
  actions?: { to: string; label: string; primary?: boolean }[];
}

/** The one-shot pages (callbacks, e-mail links, exit): a title, what is happening, what came of it. */
export function AuthStatus({ title, progress, error, message, actions = [] }: AuthStatusProps) {
  return (
    <div className="container page page--narrow page--center auth-status">
      <PageTitle>{title}</PageTitle>
      {progress ? (
        <div className="state state--loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <p>{progress}</p>
        </div>
      ) : null}
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      {message ? (
        <div className="notice notice--success" role="status">
          {message}
        </div>
      ) : null}
      {actions.length > 0 && !progress ? (
        <p className="actions">
          {actions.map((action) => (
            <Link key={action.to} to={action.to} className={action.primary === false ? 'button button--secondary' : 'button'}>
              {action.label}
            </Link>
          ))}
        </p>
      ) : null}
    </div>
  );
}
