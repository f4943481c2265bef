import { useState } from 'react';
import { css } from 'styled-system/css';
import { createApiClient, resolveApiBase } from '../api/client';
import { CheckCircleIcon, XCircleIcon } from '../components/icons';
import { h1Style, Page } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';

/** Host value sent when the page runs on localhost (spec §2 API test: a fixed default host). */
export const DEFAULT_API_HOST = 'statefront.in';
const LOCAL = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

type Result =
  | { status: 'idle' }
  | { status: 'testing' }
  | { status: 'ok' }
  | { status: 'failed'; message: string };

/**
 * Diagnostic page (spec §2 API test): calls GET /storeInfo. The one-off request state stays local:
 * no other screen shares it, so it has no machine.
 */
export default function ApiTestPage() {
  const [result, setResult] = useState<Result>({ status: 'idle' });
  const { hostname, host } = window.location;
  const servedBy = document.querySelector('meta[name="api-served-by"]')?.getAttribute('content');
  const apiBase = resolveApiBase({
    location: window.location,
    override: import.meta.env.VITE_API_BASE,
    servedBy,
  });
  const hostValue = LOCAL.has(hostname) ? DEFAULT_API_HOST : host;

  async function testConnection() {
    setResult({ status: 'testing' });
    // A client of its own on exactly the base shown above, looking fetch up at call time.
    const client = createApiClient(apiBase, (input, init) => fetch(input, init));
    try {
      const { data, error } = await client.GET('/storeInfo');
      if (data && !error) setResult({ status: 'ok' });
      else {
        console.error('API test failed', error);
        setResult({ status: 'failed', message: 'Connection failed. Check console for details.' });
      }
    } catch (error) {
      console.error('API test failed', error);
      const message = error instanceof Error ? error.message : String(error);
      setResult({ status: 'failed', message: `Unexpected error: ${message}` });
    }
  }

  const rows: [string, string][] = [
    ['Hostname', hostname],
    ['Backend API base', apiBase.startsWith('/') ? `${window.location.origin}${apiBase}` : apiBase],
    ['Host header', hostValue],
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
          <Button onClick={testConnection} disabled={result.status === 'testing'}>
            {result.status === 'testing' ? 'Testing...' : 'Test API Connection'}
          </Button>
          <div role="status" className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
            {result.status === 'ok' ? (
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
            {result.status === 'failed' ? (
              <>
                <XCircleIcon
                  size={28}
                  className={css({ color: 'fg.error' })}
                  aria-hidden="false"
                  aria-label="Failure"
                  role="img"
                />
                <span className={css({ color: 'fg.error', fontWeight: '600' })}>{result.message}</span>
              </>
            ) : null}
          </div>
        </div>
      </Card>
    </Page>
  );
}
