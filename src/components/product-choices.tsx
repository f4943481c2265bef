import { type DisplayProduct, sizeLabel } from '../../machines/catalogue.model';
import type { ProductContext, ProductEvent } from '../../machines/product.machine';
import { ChipGroup } from './ui/chip-group';
import { LazyQuantityInput } from './ui/lazy-controls';
import { Swatch } from './ui/swatch';

type ProductChoicesProps = {
  product: DisplayProduct;
  /** The product machine's picks (its context): size, colour and quantity. */
  picked: Pick<ProductContext, 'selectedSize' | 'selectedColor' | 'quantity'>;
  send: (event: ProductEvent) => void;
  /** Prefixes the chip groups' field names where two pickers can share a page (Quick View: `quick-`). */
  namePrefix?: string;
};

/**
 * What the shopper picks before Add to Cart, from the product machine's state: the sizes and colours
 * the product comes in (as chips) and the quantity. The product page and Quick View both show it.
 */
export function ProductChoices({
  product,
  picked: { selectedSize, selectedColor, quantity },
  send,
  namePrefix = '',
}: ProductChoicesProps) {
  return (
    <>
      {product.sizes && product.sizes.length > 0 ? (
        <ChipGroup
          label={sizeLabel(product)}
          name={`${namePrefix}size`}
          options={product.sizes}
          value={selectedSize ?? ''}
          onValueChange={(size) => send({ type: 'product.selectSize', size })}
        />
      ) : null}
      {product.colors && product.colors.length > 0 ? (
        <ChipGroup
          label="Colour"
          name={`${namePrefix}color`}
          options={product.colors}
          value={selectedColor ?? ''}
          onValueChange={(color) => send({ type: 'product.selectColor', color })}
          renderAdornment={(color) => <Swatch color={color} />}
        />
      ) : null}
      <LazyQuantityInput
        label="Quantity"
        value={quantity}
        onValueChange={(value) => send({ type: 'product.setQuantity', quantity: value })}
      />
    </>
  );
}
