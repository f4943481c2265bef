import { assign, emit, fromPromise, setup } from 'xstate';
import { type AppRef, tellApp } from './app-inbox';
import { type DisplayProduct, imageOf, ONE_SIZE } from './catalogue.model';
import { type EmittedEvent, navigate, toast } from './events';
import type { PageProduct } from './size-chart.model';

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
      throw new Error('fetchProduct is provided by src/app/actors');
    }),
  },
  guards: {
    isProductFound: (_, params: { product: PageProduct | null }) => params.product !== null,
    hasFirstProduct: ({ context }) => context.first !== null,
    isSizeMissing: ({ context }) => (context.product?.sizes?.length ?? 0) > 0 && !context.selectedSize,
    isInDialog: ({ context }) => context.inDialog,
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
        event.type === 'product.setQuantity' ? event.quantity : context.quantity,
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
      on: {
        'product.selectSize': { actions: 'selectSize' },
        'product.selectColor': { actions: 'selectColor' },
        'product.setQuantity': {
          guard: 'isQuantityValid',
          actions: 'setQuantity',
          description: 'At least 1, whole numbers only.',
        },
        'product.addToCart': [
          {
            guard: 'isSizeMissing',
            actions: 'requireSize',
            description: 'The product comes in sizes and none is chosen yet.',
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
