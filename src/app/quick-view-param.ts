/**
 * `?quick=<product id>`: the product shown in the Quick View dialog over the current page. Its own
 * module, so the host (with the page), the dialog (its own chunk) and the root layout read one name
 * without the dialog importing the host that loads it.
 */
export const QUICK_VIEW_PARAM = 'quick';
