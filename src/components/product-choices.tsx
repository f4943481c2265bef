import { css } from 'styled-system/css';
import { sizeLabel } from '../../machines/catalogue.model';
import type { ProductContext, ProductEvent } from '../../machines/product.machine';
import type { PageProduct } from '../../machines/size-chart.model';
import { pickedLeft } from '../../machines/stock.model';
import { stockLabel } from '../../shared/stock';
import { SizeChartButton } from './size-chart-button';
import { ChipGroup } from './ui/chip-group';
import { LazyQuantityInput } from './ui/lazy-controls';
import { Swatch } from './ui/swatch';

type ProductChoicesProps = {
  /** With its size chart (GET /products/{id}), a 'Size chart' button shows beside the sizes. */
  product: PageProduct;
  /** The product machine's picks (its context): size, colour and quantity, and the stock read for them. */
  picked: Pick<ProductContext, 'selectedSize' | 'selectedColor' | 'quantity' | 'stock'>;
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
  picked: { selectedSize, selectedColor, quantity, stock },
  send,
  namePrefix = '',
}: ProductChoicesProps) {
  // What the stock read says (machines/stock.model.ts; nothing until it answers, or if it failed): a
  // chip says "Sold out" (and cannot be picked) or "Only 3 left" for the pick it would make.
  const note = (selectedSize: string | null, selectedColor: string | null) =>
    stockLabel(pickedLeft(stock, product.id, { selectedSize, selectedColor }));
  const left = pickedLeft(stock, product.id, { selectedSize, selectedColor });
  return (
    <>
      {product.sizes && product.sizes.length > 0 ? (
        <div className={css({ position: 'relative' })}>
          <ChipGroup
            label={sizeLabel(product)}
            name={`${namePrefix}size`}
            options={product.sizes}
            value={selectedSize ?? ''}
            onValueChange={(size) => send({ type: 'product.selectSize', size })}
            note={(size) => note(size, selectedColor)}
          />
          {product.sizeChart ? (
            // On the label's line, at its end, where the shopping apps put it.
            <SizeChartButton
              chart={product.sizeChart}
              productName={product.name}
              pickedSize={selectedSize}
              className={css({ position: 'absolute', top: '-1.5', right: '0', h: '8!' })}
            />
          ) : null}
        </div>
      ) : null}
      {product.colors && product.colors.length > 0 ? (
        <ChipGroup
          label="Colour"
          name={`${namePrefix}color`}
          options={product.colors}
          value={selectedColor ?? ''}
          onValueChange={(color) => send({ type: 'product.selectColor', color })}
          note={(color) => note(selectedSize, color)}
          renderAdornment={(color) => <Swatch color={color} />}
        />
      ) : null}
      <LazyQuantityInput
        label="Quantity"
        value={quantity}
        // No more than is left of the size and colour picked (the machine stops there too).
        max={left || undefined}
        onValueChange={(value) => send({ type: 'product.setQuantity', quantity: value })}
      />
    </>
  );
}
