import { useState } from 'react';
import { css } from 'styled-system/css';
import { usePageActor } from '../../app/app-actor';
import { CheckCircleIcon, XCircleIcon } from '../../components/icons';
import { h1Style, Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useIsClient } from '../../components/use-is-client';
import { grid, hstack, stack } from '../../theme/layout';
import { apiTestInput, provideApiTestMachine } from './api-test.live';

/**
 * Diagnostic page (spec §2 API test): where the app looks for its API; the machine calls GET /storeInfo.
 * What it shows is the browser's own address, so the server (and the hydrating render) shows the same
 * card with '…' for each value and the button disabled, and the browser then fills them in (nothing
 * moves: the card's layout is the same either way).
 */
export default function ApiTestPage() {
  return useIsClient() ? <ApiTest /> : <ApiTestCard hostname="…" apiBase="…" hostHeader="…" waiting />;
}

function ApiTest() {
  const [input] = useState(apiTestInput);
  const [state, send] = usePageActor('apiTest', provideApiTestMachine, input);
  return (
    <ApiTestCard
      {...state.context}
      testing={state.hasTag('loading')}
      outcome={state.matches('connected') ? 'connected' : state.matches('failed') ? 'failed' : null}
      onTest={() => send({ type: 'apiTest.run' })}
    />
  );
}

type ApiTestCardProps = {
  hostname: string;
  apiBase: string;
  hostHeader: string;
  error?: string | null;
  testing?: boolean;
  /** The page is still reading its address (the server's render): the button waits. */
  waiting?: boolean;
  outcome?: 'connected' | 'failed' | null;
  onTest?: () => void;
};

function ApiTestCard({
  hostname,
  apiBase,
  hostHeader,
  error,
  testing = false,
  waiting = false,
  outcome = null,
  onTest,
}: ApiTestCardProps) {
  const rows: [string, string][] = [
    ['Hostname', hostname],
    ['Backend API base', apiBase],
    ['Host header', hostHeader],
  ];

  return (
    <Page width="prose">
      <h1 className={h1Style}>API Connection Test</h1>
      <Card className={css(stack, { mt: '6', gap: '6' })}>
        <dl className={css(grid, { gridTemplateColumns: { base: '1fr', sm: '12rem 1fr' }, gap: '2' })}>
          {rows.map(([term, value]) => (
            <div key={term} className={css({ display: 'contents' })}>
              <dt className={css({ fontWeight: '600' })}>{term}</dt>
              <dd
                className={css({
                  fontFamily: 'mono',
                  fontSize: 'sm',
                  wordBreak: 'break-all',
                  color: 'fg.muted',
                })}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <div className={css(hstack, { gap: '4', flexWrap: 'wrap' })}>
          <Button onClick={onTest} disabled={testing || waiting}>
            {testing ? 'Testing...' : 'Test API Connection'}
          </Button>
          <div role="status" className={css(hstack, { gap: '2' })}>
            {outcome === 'connected' ? (
              <>
                <CheckCircleIcon
                  size={28}
                  className={css({ color: 'fg.success' })}
                  aria-hidden="false"
                  aria-label="Success"
                  role="img"
                />
                <span className={css({ color: 'fg.success', fontWeight: '600' })}>Connection successful</span>
              </>
            ) : null}
            {outcome === 'failed' ? (
              <>
                <XCircleIcon
                  size={28}
                  className={css({ color: 'fg.error' })}
                  aria-hidden="false"
                  aria-label="Failure"
                  role="img"
                />
                <span className={css({ color: 'fg.error', fontWeight: '600' })}>{error}</span>
              </>
            ) : null}
          </div>
        </div>
      </Card>
    </Page>
  );
}
