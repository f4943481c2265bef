import type { DisplayProduct } from '../../machines/catalogue.model';
import { modelNamed } from './support/models';
import { describeModel } from './support/suite';

describeModel(modelNamed('product'), ({ from, event }) => {
  if (event.type !== 'product.addToCart' || !from) return [];
  const c = from.context as {
    product: DisplayProduct;
    selectedSize: string | null;
    selectedColor: string | null;
    quantity: number;
  };
  if ((c.product.sizes?.length ?? 0) > 0 && !c.selectedSize)
    return [
      {
        type: 'toast',
        title: 'Please select a size',
        description: 'You must select a size before adding to cart',
        variant: 'error',
      },
    ];
  // The line itself goes to the app (tests/machines/app-system.test.ts); the page moves on to the cart.
  return [{ type: 'navigate', to: '/cart' }];
});
