import { Component, type ErrorInfo, type ReactNode } from 'react';
import { m } from '~/lib/i18n';
import { classifyLoadError, LOAD_FAILURE_EVENT } from '~/lib/loadFailure';
import { reportError } from '~/lib/reportError';

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
  /** A module or stylesheet failed to load: the page-wide overlay speaks for it. */
  loadFailure: boolean;
}

/**
 * Wraps an island's content. A failed module load (e.g. a lazy chunk after a
 * deployment) is handed to the page-wide reload flow; any other error shows
 * SPEC §8's unexpected-error message in the island's place.
 */
export class IslandErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, loadFailure: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, loadFailure: classifyLoadError(error) !== null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const kind = classifyLoadError(error);
    if (kind) {
      window.dispatchEvent(new CustomEvent(LOAD_FAILURE_EVENT, { detail: { kind, error } }));
      return;
    }
    console.error(error, info.componentStack);
    reportError(error, { source: 'island' });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (this.state.loadFailure) return null;
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900"
      >
        <span>{m.layout_error_unexpected()}</span>
        <button
          type="button"
          className="rounded border border-red-800 px-2 py-0.5 font-semibold hover:bg-red-100"
          onClick={() => window.location.reload()}
        >
          {m.layout_refresh()}
        </button>
      </div>
    );
  }
}
