import type { components } from '../../../../contract/schema';
import { renderApp as renderWithHarness } from '../../../setup/app-harness';

export {
  expectNoSeriousAxeViolations,
  failsOnce,
  findHeading,
  findToast,
  json,
} from '../../../setup/app-harness';

const STORE_INFO: components['schemas']['StoreInfo'] = {
  storeName: 'Statefront',
  companyName: 'Statefront Apparel',
  companyAddress: 'Noida',
  companyEmail: 'care@statefront.in',
  companyPhone: '+91 120 456 7890',
  companyLogoUrl: '',
  description: 'Clothing',
  categories: ['T Shirts', 'Tops'],
  categoryImages: {},
  policies: {},
};

/** The shared harness as these account and order screens use it: signed in, Statefront's store info. */
export function renderApp(options: Parameters<typeof renderWithHarness>[0]) {
  return renderWithHarness({ token: 'test-token', store: STORE_INFO, ...options });
}
