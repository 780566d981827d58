import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  onRetry: () => void;
}
interface State {
  failed: boolean;
}

/** Catches a part that failed or timed out while loading and offers a retry instead of a blank page. */
export class PartErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        role="alert"
        className="mx-auto my-16 max-w-md rounded-box border border-base-300 bg-base-100 p-6 text-center"
      >
        <h2 className="text-lg font-semibold">This part of the shop could not be loaded</h2>
        <p className="mt-2 text-sm">The connection may be slow or interrupted. Your data is safe.</p>
        <button type="button" className="btn btn-primary mt-4" onClick={this.props.onRetry}>
          Try again
        </button>
      </div>
    );
  }
}
