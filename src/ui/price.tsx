import { format } from '../platform/messages/format.ts';
import { shopMessages } from '../platform/messages/shop.ts';
import type { Money } from '../platform/money/money.ts';
import { useFormatMoney } from './money.tsx';

/** A price, with the old one struck through when on sale. */
export function Price({
  amount,
  oldAmount,
  suffix,
}: {
  amount: Money;
  oldAmount?: Money | null | undefined;
  suffix?: string | undefined;
}) {
  const formatMoney = useFormatMoney();
  const onSale = oldAmount !== undefined && oldAmount !== null && oldAmount > amount;
  return (
    <span className="price">
      {onSale && (
        <>
          <del aria-hidden="true">{formatMoney(oldAmount)}</del>
          <span className="visually-hidden">
            {format(shopMessages.originalPrice, { price: formatMoney(oldAmount) })}
          </span>{' '}
        </>
      )}
      <ins className={onSale ? 'price-sale' : undefined}>
        {onSale && <span className="visually-hidden">{shopMessages.currentPrice}</span>}
        {formatMoney(amount)}
      </ins>
      {suffix && <span className="price-suffix"> {suffix}</span>}
    </span>
  );
}
