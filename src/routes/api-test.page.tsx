import { useState } from 'react';
import { css } from 'styled-system/css';
import { apiTestInput, provideApiTestMachine } from '../app/actors/api-test.live';
import { usePageActor } from '../app/app-actor';
import { useIsClient } from '../app/use-is-client';
import { CheckCircleIcon, XCircleIcon } from '../components/icons';
import { h1Style, Page } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';

/**
 * Diagnostic page (spec §2 API test): where the app looks for its API; the machine calls GET /storeInfo.
 * What it shows is the browser's own address, so the server (and the hydrating render) shows the
 * heading and a placeholder, and the browser the diagnostic.
 */
export default function ApiTestPage() {
  return useIsClient() ? (
    <ApiTest />
  ) : (
    <Page width="prose">
      <h1 className={h1Style}>API Connection Test</h1>
      <Card className={css({ mt: '6' })} aria-busy="true">
        <p className={css({ color: 'fg.muted' })}>Reading this page's address…</p>
      </Card>
    </Page>
  );
}

function ApiTest() {
  const [input] = useState(apiTestInput);
  const [state, send] = usePageActor('apiTest', provideApiTestMachine, input);
  const { hostname, apiBase, hostHeader, error } = state.context;
  const testing = state.hasTag('loading');

  const rows: [string, string][] = [
    ['Hostname', hostname],
    ['Backend API base', apiBase],
    ['Host header', hostHeader],
  ];

  return (
    <Page width="prose">
      <h1 className={h1Style}>API Connection Test</h1>
      <Card className={css({ mt: '6', display: 'flex', flexDirection: 'column', gap: '6' })}>
        <dl
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: '1fr', sm: '12rem 1fr' },
            gap: '2',
          })}
        >
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
        <div className={css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' })}>
          <Button onClick={() => send({ type: 'apiTest.run' })} disabled={testing}>
            {testing ? 'Testing...' : 'Test API Connection'}
          </Button>
          <div role="status" className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
            {state.matches('connected') ? (
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
            {state.matches('failed') ? (
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
