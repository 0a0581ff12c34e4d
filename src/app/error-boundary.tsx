import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logger } from '@/lib/logger';

interface State {
  error: Error | null;
}

/** Keeps a crash in one screen from blanking the whole app. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    logger.error('ErrorBoundary', { error, componentStack: info.componentStack });
  }

  componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    if (!this.state.error) return this.props.children;
    const chunkFailed =
      /dynamically imported module|Loading chunk|Importing a module script failed/i.test(
        this.state.error.message,
      );
    return (
      <div role="alert" className="mx-auto max-w-lg px-4 py-16 text-center">
        <h1 className="text-xl font-bold">問題が発生しました</h1>
        <p className="mt-3 text-slate-600">
          {chunkFailed
            ? '画面の読み込みに失敗しました。通信環境を確認して、ページを再読み込みしてください。'
            : '画面の表示中にエラーが発生しました。ページを再読み込みしてください。'}
        </p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          再読み込み
        </button>
      </div>
    );
  }
}
