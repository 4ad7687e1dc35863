import { Component, Suspense, use, useState, type ErrorInfo, type ReactNode } from 'react';
import { ErrorBox, MESSAGES, ServerDataReleased } from '@sumika/shell-kit';
import type { PublicConfig, RemotePageProps } from '@sumika/shell-kit';
import type { RemoteName } from '../routes.js';
import type { PageLoader } from './page-loader.js';
import type { RemoteFailure } from './state.js';

export const REMOTE_ERROR_MESSAGE = MESSAGES.remoteFailed;

interface BoundaryProps {
  onError: (error: unknown) => void;
  fallback: (retry: () => void) => ReactNode;
  children?: ReactNode;
}

/** Contains a remote's render errors (browser); the server's data pass finds them first. */
class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError(error);
  }

  retry = (): void => this.setState({ failed: false });

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

function Loading() {
  return (
    <div className="shell-loading" role="status" aria-live="polite">
      読み込み中…
    </div>
  );
}

function LoadedPage({ loader, remote, expose, props }: { loader: PageLoader; remote: RemoteName; expose: string; props: RemotePageProps }) {
  const Page = loader.peek(remote, expose) ?? use(loader.load(remote, expose));
  return <Page {...props} />;
}

export interface RemotePageProps2 {
  loader: PageLoader;
  remote: RemoteName;
  expose: string;
  failed?: RemoteFailure;
  pageProps: Omit<RemotePageProps, 'config'>;
  config: PublicConfig;
  onError: (remote: RemoteName, error: unknown) => void;
}

/**
 * A remote's page inside the layout: loaded through Module Federation, behind an error boundary
 * and a Suspense boundary. A page that failed on the server starts as the error box; retry loads
 * and renders it again in the browser.
 */
export function RemotePage({ loader, remote, expose, failed, pageProps, config, onError }: RemotePageProps2) {
  const [failedOnServer, setFailedOnServer] = useState(failed);
  const fallback = (retry: () => void) => (
    <div data-remote-failed="true" data-testid="remote-error">
      <ErrorBox
        message={REMOTE_ERROR_MESSAGE}
        onRetry={() => {
          loader.forget(remote, expose);
          retry();
        }}
      />
    </div>
  );
  if (failedOnServer) {
    return (
      <div data-remote={remote} data-remote-failed="true" data-testid="remote-error">
        <ErrorBox
          message={REMOTE_ERROR_MESSAGE}
          onRetry={() => {
            loader.forget(remote, expose);
            setFailedOnServer(undefined);
          }}
        />
        <ServerDataReleased />
      </div>
    );
  }
  return (
    <div data-remote={remote}>
      <RemoteBoundary onError={(err) => onError(remote, err)} fallback={fallback}>
        <Suspense fallback={<Loading />}>
          <LoadedPage loader={loader} remote={remote} expose={expose} props={{ ...pageProps, config }} />
          <ServerDataReleased />
        </Suspense>
      </RemoteBoundary>
    </div>
  );
}
