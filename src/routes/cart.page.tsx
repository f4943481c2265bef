import { Link } from 'react-router';
import { css } from 'styled-system/css';
import { type CartLine, lineNeedsChoice } from '../../machines/cart.model';
import { useCartCount, useCartLines, useCartRef, useCartTotal } from '../app/app-actor';
import { DEFAULT_PRODUCT_IMAGE, FallbackImage } from '../components/fallback-image';
import { formatInr } from '../components/format';
import { ArrowRightIcon, CartIcon, TrashIcon } from '../components/icons';
import { h1Style, Page, StatePanel } from '../components/layout/page';
import { Button, ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { QuantityInput } from '../components/ui/number-input';

function lineKey(line: CartLine) {
  return `${line.id}|${line.selectedColor ?? ''}|${line.selectedSize ?? ''}`;
}

const choiceSelect = css({
  h: '9',
  px: '2',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'control',
  bg: 'bg.surface',
  fontSize: 'sm',
  _invalid: { borderColor: 'fg.error' },
});

/** A native select that asks for one missing choice (size or colour) of a cart line. */
function ChoiceSelect(props: {
  label: string;
  placeholder: string;
  options: readonly string[];
  hintId: string;
  onPick: (value: string) => void;
}) {
  return (
    <select
      aria-label={props.label}
      aria-describedby={props.hintId}
      aria-invalid="true"
      className={choiceSelect}
      value=""
      onChange={(event) => props.onPick(event.target.value)}
    >
      <option value="" disabled>
        {props.placeholder}
      </option>
      {props.options.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </select>
  );
}

/** A card added this line without a size or colour the product offers: ask for it in place. */
function ChooseVariant({ line }: { line: CartLine }) {
  const cart = useCartRef();
  const key = {
    id: line.id,
    ...(line.selectedSize ? { selectedSize: line.selectedSize } : {}),
    ...(line.selectedColor ? { selectedColor: line.selectedColor } : {}),
  };
  const pick = (choice: { selectedSize?: string; selectedColor?: string }) =>
    cart.send({ type: 'cart.choose', line: key, ...choice });
  const missing = [
    !line.selectedSize && line.sizeOptions ? 'size' : null,
    !line.selectedColor && line.colorOptions ? 'colour' : null,
  ].filter(Boolean);
  const hintId = `choose-${line.id}`;
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
      {!line.selectedSize && line.sizeOptions ? (
        <ChoiceSelect
          label={`Size of ${line.name}`}
          placeholder="Choose size"
          options={line.sizeOptions}
          hintId={hintId}
          onPick={(value) => pick({ selectedSize: value })}
        />
      ) : null}
      {!line.selectedColor && line.colorOptions ? (
        <ChoiceSelect
          label={`Colour of ${line.name}`}
          placeholder="Choose color"
          options={line.colorOptions}
          hintId={hintId}
          onPick={(value) => pick({ selectedColor: value })}
        />
      ) : null}
      <p id={hintId} className={css({ fontSize: 'sm', color: 'fg.error', w: 'full' })}>
        Choose a {missing.join(' and ')} before checkout.
      </p>
    </div>
  );
}

function CartLineRow({ line }: { line: CartLine }) {
  const cart = useCartRef();
  const href = `/product/${encodeURIComponent(line.id)}`;
  const details = [
    line.selectedColor ? `Colour: ${line.selectedColor}` : null,
    line.selectedSize ? `Size: ${line.selectedSize}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li
      aria-label={line.name}
      className={css({
        display: 'grid',
        gridTemplateColumns: { base: '80px 1fr', sm: '96px 1fr auto' },
        gap: '4',
        alignItems: 'center',
        py: '5',
        borderBottomWidth: '1px',
        borderColor: 'border.subtle',
        _last: { borderBottomWidth: '0' },
      })}
    >
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className={css({ borderRadius: 'control', overflow: 'hidden', bg: 'cotton.100' })}
      >
        <FallbackImage
          src={line.image}
          fallback={DEFAULT_PRODUCT_IMAGE}
          alt={line.name}
          width={96}
          height={120}
          loading="lazy"
          className={css({ w: 'full', h: 'auto', aspectRatio: '4/5', objectFit: 'cover' })}
        />
      </Link>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', minW: '0' })}>
        <h2 className={css({ fontWeight: '600', fontSize: 'md' })}>
          <Link to={href} className={css({ _hover: { color: 'terracotta.700' } })}>
            {line.name}
          </Link>
        </h2>
        {details ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{details}</p> : null}
        {lineNeedsChoice(line) ? <ChooseVariant line={line} /> : null}
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{formatInr(line.price)} each</p>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3', mt: '1', flexWrap: 'wrap' })}>
          <QuantityInput
            label={`Quantity of ${line.name}`}
            hideLabel
            value={line.quantity}
            onValueChange={(quantity) =>
              cart.send({
                type: 'cart.update',
                id: line.id,
                ...(line.selectedSize ? { selectedSize: line.selectedSize } : {}),
                ...(line.selectedColor ? { selectedColor: line.selectedColor } : {}),
                quantity,
              })
            }
          />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => cart.send({ type: 'cart.remove', id: line.id })}
            aria-label={`Remove ${line.name}`}
          >
            <TrashIcon size={18} /> Remove
          </Button>
        </div>
      </div>
      <p
        className={css({
          gridColumn: { base: '2', sm: 'auto' },
          fontWeight: '700',
          fontSize: 'lg',
          textAlign: { sm: 'right' },
        })}
      >
        {formatInr(line.price * line.quantity)}
      </p>
    </li>
  );
}

/** /cart (spec §2 Cart). */
export default function CartPage() {
  const lines = useCartLines();
  const count = useCartCount();
  const total = useCartTotal();
  const cart = useCartRef();

  if (lines.length === 0) {
    return (
      <Page width="prose">
        <StatePanel
          titleAs="h1"
          icon={<CartIcon size={48} />}
          title="Your cart is empty"
          action={<ButtonLink to="/">Continue Shopping</ButtonLink>}
        >
          Browse our collection and add something you love.
        </StatePanel>
      </Page>
    );
  }

  return (
    <Page>
      <div
        className={css({
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: '4',
          mb: '6',
          flexWrap: 'wrap',
        })}
      >
        <h1 className={h1Style}>Shopping Cart</h1>
        <p className={css({ color: 'fg.muted' })}>{count} Item(s)</p>
      </div>
      <div
        className={css({
          display: 'grid',
          gap: '8',
          gridTemplateColumns: { base: '1fr', lg: '1fr 22rem' },
          alignItems: 'start',
        })}
      >
        <Card
          as="section"
          padding="none"
          aria-label="Cart items"
          className={css({ px: { base: '4', md: '6' } })}
        >
          <ul>
            {lines.map((line) => (
              <CartLineRow key={lineKey(line)} line={line} />
            ))}
          </ul>
        </Card>
        <Card
          as="aside"
          padding="sm"
          aria-labelledby="summary-title"
          className={css({
            display: 'flex',
            flexDirection: 'column',
            gap: '4',
            position: { lg: 'sticky' },
            top: '28',
          })}
        >
          <h2 id="summary-title" className={css({ textStyle: 'h3', fontFamily: 'display', fontSize: 'xl' })}>
            Order Summary
          </h2>
          <dl className={css({ display: 'grid', gridTemplateColumns: '1fr auto', gap: '2', fontSize: 'sm' })}>
            <dt>Subtotal</dt>
            <dd className={css({ fontWeight: '700', fontSize: 'lg' })}>{formatInr(total)}</dd>
            <dt className={css({ color: 'fg.muted' })}>Shipping</dt>
            <dd className={css({ color: 'fg.success', fontWeight: '600' })}>Free</dd>
          </dl>
          <Button size="lg" fullWidth onClick={() => cart.send({ type: 'cart.checkout' })}>
            Checkout <ArrowRightIcon size={18} />
          </Button>
          <Button variant="danger" fullWidth onClick={() => cart.send({ type: 'cart.clear' })}>
            <TrashIcon size={18} /> Clear Cart
          </Button>
          <ButtonLink to="/products" variant="link" className={css({ alignSelf: 'center' })}>
            Continue Shopping
          </ButtonLink>
        </Card>
      </div>
    </Page>
  );
}
