/**
 * Which of a product's pictures show a colour. A product's images may each name the colour they show
 * (`ProductImage.color` in openapi.yaml: one of the product's colour values); an image without one shows
 * the product whatever colour is chosen (a label close-up, a size guide). The storefront's gallery, cards
 * and cart lines (machines/catalogue.model.ts), the order lines of the API (server/orders/order-json.ts)
 * and the mails (server/mail/worker.ts) all pick pictures here, so a Navy line shows the navy tee
 * everywhere.
 */

/** One stored picture: its URL and, when it shows one colour only, that colour. */
export type ProductPicture = { url: string; color?: string | null };

/** Colour values are compared as the option pickers compare them: trimmed, in any case. */
const sameColour = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The colour a product shows when none is chosen: its main image's, else its first keyed image's. */
function defaultColour(pictures: readonly ProductPicture[], main: string): string | null {
  return (
    pictures.find((picture) => picture.url === main)?.color ??
    pictures.find((picture) => picture.color)?.color ??
    null
  );
}

/**
 * The pictures of `colour` (and those of every colour), in the product's order, each once; with no
 * colour, or one no picture is keyed by, the default colour's (its main image first). A product whose
 * pictures name no colour shows all of them, as before colours had pictures.
 */
export function picturesOfColour(
  pictures: readonly ProductPicture[],
  main: string,
  colour?: string | null,
): string[] {
  const chosen =
    colour && pictures.some((picture) => picture.color && sameColour(picture.color, colour)) ? colour : null;
  const shown = chosen ?? defaultColour(pictures, main);
  const urls = pictures
    .filter((picture) => !picture.color || shown === null || sameColour(picture.color, shown))
    .map((picture) => picture.url);
  // The main image leads, unless a colour was chosen that it does not show.
  const mainColour = pictures.find((picture) => picture.url === main)?.color;
  const mainFits = chosen === null || (mainColour != null && sameColour(mainColour, chosen));
  return [...new Set([...(mainFits ? [main] : []), ...urls])].filter((url) => url !== '');
}

/** The one picture a card, cart line, order line or mail shows for a colour ('' for none). */
export function pictureOfColour(
  pictures: readonly ProductPicture[],
  main: string,
  colour?: string | null,
): string {
  return picturesOfColour(pictures, main, colour)[0] ?? main;
}
