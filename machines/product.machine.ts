import { assign, emit, fromPromise, setup } from 'xstate';
import { type AppRef, tellApp } from './app-inbox';
import { type DisplayProduct, imageOf, ONE_SIZE } from './catalogue.model';
import { type EmittedEvent, navigate, toast } from './events';
import type { PageProduct } from './size-chart.model';
import { pickedLeft, quantityWithin, type StockEntry } from './stock.model';

const PRODUCT_NOT_FOUND = 'Product not found';
const PRODUCT_LOAD_FAILED = 'Failed to load product details';

export type ProductEvent =
  | { type: 'product.selectSize'; size: string }
  | { type: 'product.selectColor'; color: string }
  | { type: 'product.setQuantity'; quantity: number }
  | { type: 'product.addToCart' };

export type ProductContext = {
  id: string;
  /** With its size chart when the product's own answer (GET /products/{id}) carried one. */
  product: PageProduct | null;
  error: string | null;
  selectedSize: string | null;
  selectedColor: string | null;
  quantity: number;
  /**
   * Units left of each size and colour (GET /stock), read once the product shows; null until then.
   * A failed read leaves it empty: nothing is marked, as for a product whose stock is not counted.
   */
  stock: StockEntry[] | null;
  /** Shown in the Quick View dialog: Add to Cart keeps the shopper on the list instead of going to the cart. */
  inDialog: boolean;
  /** The app this actor hands Add to Cart to (none when the machine runs on its own). */
  app: AppRef | null;
  /**
   * The product the page arrived with: the server rendered the page's first screen from it and embedded
   * it (src/app/actors/first-answer.ts, which gives it only to the page of that id), so the machine
   * shows it instead of asking again. Used once.
   */
  first: PageProduct | null;
};

/** Units left of the size and colour picked, null when unknown or not counted. */
function leftOfPick(context: ProductContext): number | null {
  return context.product ? pickedLeft(context.stock, context.product.id, context) : null;
}

/**
 * The product page (spec §2 Product detail, §4 Product page). `fetchProduct` resolves with the display
 * product or null when there is none; a rejection is a load failure. Both lead to `notFound`. Add to
 * Cart hands the line to the app, which puts it in the cart.
 */
export const productMachine = setup({
  types: {
    context: {} as ProductContext,
    events: {} as ProductEvent,
    emitted: {} as EmittedEvent,
    input: {} as { id: string; app?: AppRef; inDialog?: boolean; first?: PageProduct | null },
  },
  actors: {
    fetchProduct: fromPromise<PageProduct | null, { id: string }>(async () => {
      throw new Error('fetchProduct is provided by its *.live.ts in src/features');
    }),
    fetchStock: fromPromise<StockEntry[], { products: string[] }>(async () => {
      throw new Error('fetchStock is provided by its *.live.ts in src/features');
    }),
  },
  guards: {
    isProductFound: (_, params: { product: PageProduct | null }) => params.product !== null,
    hasFirstProduct: ({ context }) => context.first !== null,
    isSizeMissing: ({ context }) => (context.product?.sizes?.length ?? 0) > 0 && !context.selectedSize,
    isInDialog: ({ context }) => context.inDialog,
    // Nothing is left of the size and colour picked (Add to Cart is disabled; refused all the same).
    isSoldOutPick: ({ context }) => leftOfPick(context) === 0,
    isQuantityValid: ({ event }) =>
      event.type === 'product.setQuantity' && Number.isInteger(event.quantity) && event.quantity >= 1,
  },
  actions: {
    assignProduct: assign((_, params: { product: PageProduct | null }) => {
      const product = params.product;
      const onlySize = product?.sizes?.length === 1 && product.sizes[0] === ONE_SIZE ? ONE_SIZE : null;
      return { product, selectedSize: onlySize };
    }),
    forgetFirstProduct: assign({ first: null }),
    assignNotFound: assign({ error: PRODUCT_NOT_FOUND }),
    assignLoadFailed: assign({ error: PRODUCT_LOAD_FAILED }),
    selectSize: assign({
      selectedSize: ({ context, event }) =>
        event.type === 'product.selectSize' ? event.size : context.selectedSize,
    }),
    selectColor: assign({
      selectedColor: ({ context, event }) =>
        event.type === 'product.selectColor' ? event.color : context.selectedColor,
    }),
    setQuantity: assign({
      quantity: ({ context, event }) =>
        event.type === 'product.setQuantity'
          ? quantityWithin(event.quantity, leftOfPick(context))
          : context.quantity,
    }),
    assignStock: assign({ stock: (_, params: { stock: StockEntry[] }) => params.stock }),
    // The quantity never passes what is left of the size and colour picked (shared/stock.ts).
    fitQuantityToStock: assign({
      quantity: ({ context }) => quantityWithin(context.quantity, leftOfPick(context)),
    }),
    requireSize: emit(toast('Please select a size', 'You must select a size before adding to cart', 'error')),
    addToCart: tellApp<ProductContext>((context) => {
      const p = context.product as DisplayProduct;
      return {
        type: 'cart.add',
        id: p.id,
        name: p.name,
        image: imageOf(p, context.selectedColor),
        price: p.price,
        quantity: context.quantity,
        ...(context.selectedSize ? { selectedSize: context.selectedSize } : {}),
        ...(context.selectedColor ? { selectedColor: context.selectedColor } : {}),
      };
    }),
    goToCart: emit(navigate('/cart')),
  },
}).createMachine({
  id: 'product',
  description: "A product's page: pick a size, colour and quantity, then add it to the cart.",
  context: ({ input }) => ({
    id: input.id,
    product: null,
    stock: null,
    error: null,
    selectedSize: null,
    selectedColor: null,
    quantity: 1,
    inDialog: input.inDialog ?? false,
    app: input.app ?? null,
    first: input.first ?? null,
  }),
  initial: 'opening',
  states: {
    opening: {
      description:
        'The page came with the product (the server rendered it): show it without asking again; else ask.',
      always: [
        {
          guard: 'hasFirstProduct',
          target: 'loaded',
          actions: [
            { type: 'assignProduct', params: ({ context }) => ({ product: context.first }) },
            'forgetFirstProduct',
          ],
        },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'Loading the product.',
      tags: ['loading'],
      invoke: {
        id: 'fetchProduct',
        src: 'fetchProduct',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: { type: 'isProductFound', params: ({ event }) => ({ product: event.output }) },
            target: 'loaded',
            actions: { type: 'assignProduct', params: ({ event }) => ({ product: event.output }) },
            description: 'Found: a product with One Size only has it chosen already.',
          },
          { target: 'notFound', actions: 'assignNotFound', description: 'There is no such product.' },
        ],
        onError: {
          target: 'notFound',
          actions: 'assignLoadFailed',
          description: 'The product could not be loaded.',
        },
      },
    },
    loaded: {
      description: 'The product is shown; the shopper picks size, colour and quantity.',
      // After the product, never before it: the page shows at once and the chips are marked when it answers.
      invoke: {
        id: 'fetchStock',
        src: 'fetchStock',
        input: ({ context }) => ({ products: [context.product?.id ?? context.id] }),
        onDone: {
          actions: [
            { type: 'assignStock', params: ({ event }) => ({ stock: event.output }) },
            'fitQuantityToStock',
          ],
          description: 'Sold-out sizes and colours are marked; the quantity stops at what is left.',
        },
        onError: {
          actions: { type: 'assignStock', params: { stock: [] } },
          description: 'The stock could not be read: nothing is marked, the page works as without it.',
        },
      },
      on: {
        // A sold-out chip is disabled (it cannot be picked); the quantity stops at what is left of the new pick.
        'product.selectSize': { actions: ['selectSize', 'fitQuantityToStock'] },
        'product.selectColor': { actions: ['selectColor', 'fitQuantityToStock'] },
        'product.setQuantity': {
          guard: 'isQuantityValid',
          actions: 'setQuantity',
          description: 'At least 1, whole numbers only, and no more than is left.',
        },
        'product.addToCart': [
          {
            guard: 'isSizeMissing',
            actions: 'requireSize',
            description: 'The product comes in sizes and none is chosen yet.',
          },
          {
            guard: 'isSoldOutPick',
            description:
              'Nothing is left of the size and colour picked: nothing is added (its button is disabled).',
          },
          {
            guard: 'isInDialog',
            actions: 'addToCart',
            description: 'Quick View: into the cart (its toast says so), and the shopper stays on the list.',
          },
          { actions: ['addToCart', 'goToCart'], description: 'Into the cart, and on to the cart page.' },
        ],
      },
    },
    notFound: {
      description: 'No product to show (missing, or it could not be loaded).',
      tags: ['error'],
    },
  },
});
