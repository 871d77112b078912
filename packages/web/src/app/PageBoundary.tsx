import { Component, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

function Loading() {
  const { t } = useTranslation();
  return (
    <p className="muted" role="status">
      {t('common.loading')}
    </p>
  );
}

function LoadFailed({ error }: { error: Error }) {
  const { t } = useTranslation();
  return (
    <div className="banner error" role="alert">
      <span>{t('nav.pageLoadFailed', { message: error.message })}</span>
      <button type="button" onClick={() => window.location.reload()}>
        {t('nav.reload')}
      </button>
    </div>
  );
}

/**
 * Around the current page: "Loading…" while its chunk arrives, and when the chunk cannot load (the server
 * went away, or was updated and the old chunk names are gone) a message with Reload instead of a blank
 * screen. A new route starts over (the boundary is keyed by the route where it is used).
 */
export class PageBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    if (this.state.error) return <LoadFailed error={this.state.error} />;
    return <Suspense fallback={<Loading />}>{this.props.children}</Suspense>;
  }
}
