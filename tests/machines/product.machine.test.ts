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
  return [
    {
      type: 'cart.add',
      id: c.product.id,
      name: c.product.name,
      image: c.product.image,
      price: c.product.price,
      quantity: c.quantity,
      ...(c.selectedSize ? { selectedSize: c.selectedSize } : {}),
      ...(c.selectedColor ? { selectedColor: c.selectedColor } : {}),
    },
    { type: 'navigate', to: '/cart' },
  ];
});
