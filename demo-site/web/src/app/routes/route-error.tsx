import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';

function ScreenError() {
  const { t } = useTranslation();
  return (
    <div className="container page page--center" role="alert">
      <h1 className="page-title">{t('routeError.title')}</h1>
      <p>{t('routeError.text')}</p>
      <p className="actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
        <Link to="/" className="button button--secondary" reloadDocument>
          {t('common.toHome')}
        </Link>
      </p>
    </div>
  );
}

class Boundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean; resetKey: string }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.error('screen failed', error);
  }

  override render() {
    return this.state.failed ? <ScreenError /> : this.props.children;
  }
}

/** A screen that failed to load (a stale chunk after a deploy) or to render; a new address tries again. */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
