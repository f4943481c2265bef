import { css } from 'styled-system/css';
import type { DisplayOrder } from '../../../machines/orders.model';
import { formatRupees, paiseOf } from '../../../shared/money';

const cell = css({
  py: '2.5',
  px: '3',
  textAlign: 'left',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
});
const numeric = css({ textAlign: 'right!', whiteSpace: 'nowrap' });

/** Items of a tracked order: name with size and colour, qty, price in en-IN ₹ (spec §2 Track order). */
export function OrderItemsTable({ order }: { order: DisplayOrder }) {
  return (
    <div className={css({ overflowX: 'auto' })}>
      <table className={css({ w: 'full', borderCollapse: 'collapse', fontSize: 'sm' })}>
        <caption className={css({ srOnly: true })}>Items in order {order.id}</caption>
        <thead className={css({ bg: 'bg.muted' })}>
          <tr>
            <th scope="col" className={cell}>
              Item
            </th>
            <th scope="col" className={`${cell} ${numeric}`}>
              Qty
            </th>
            <th scope="col" className={`${cell} ${numeric}`}>
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id}>
              <td className={cell}>
                {item.name}
                {item.variant ? (
                  <span className={css({ display: 'block', color: 'fg.muted' })}>{item.variant}</span>
                ) : null}
              </td>
              <td className={`${cell} ${numeric}`}>{item.quantity}</td>
              <td className={`${cell} ${numeric}`}>{formatRupees(paiseOf(item.price))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className={`${cell} ${numeric}`}>
              Total
            </th>
            <td className={`${cell} ${numeric} ${css({ fontWeight: '700' })}`}>
              {formatRupees(paiseOf(order.total))}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
