import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { api } from '../api/client';

/** Minimal shell until the storefront screens land: shows the store name from GET /storeInfo. */
export function App() {
  const [storeName, setStoreName] = useState<string | null>(null);
  useEffect(() => {
    api.GET('/storeInfo').then(({ data }) => setStoreName(data?.storeName ?? 'Statefront'));
  }, []);
  return (
    <main className={css({ p: '8', fontFamily: 'sans-serif' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{storeName ?? 'Loading…'}</h1>
    </main>
  );
}
