import { Pagination as ArkPagination } from '@ark-ui/react/pagination';
import { pagination } from 'styled-system/recipes';
import { paginationWindow } from '../../../machines/catalogue.model';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons';

type PaginationProps = {
  page: number;
  pageSize: number;
  count: number;
  onPageChange: (page: number) => void;
  siblings?: number;
};

/**
 * Ark Pagination driven by our own page window: Ark's built-in range keeps a constant number of
 * items (it shows pages 1–8 when on page 1), while the spec asks for exactly 2 pages either side.
 */
export function Pagination({ page, pageSize, count, onPageChange, siblings = 2 }: PaginationProps) {
  const classes = pagination();
  const totalPages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <ArkPagination.Root
      count={count}
      pageSize={pageSize}
      page={page}
      siblingCount={siblings}
      onPageChange={(details) => onPageChange(details.page)}
      className={classes.root}
      translations={{
        itemLabel: ({ page: p, totalPages: t }) => `Page ${p} of ${t}`,
        prevTriggerLabel: 'Previous page',
        nextTriggerLabel: 'Next page',
      }}
    >
      <ArkPagination.PrevTrigger className={classes.prevTrigger}>
        <ChevronLeftIcon size={16} />
        Previous
      </ArkPagination.PrevTrigger>
      {paginationWindow(page, totalPages, siblings).map((item, index) =>
        item === 'ellipsis' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: an ellipsis has no identity but its position
          <ArkPagination.Ellipsis key={`ellipsis-${index}`} index={index} className={classes.ellipsis}>
            &#8230;
          </ArkPagination.Ellipsis>
        ) : (
          <ArkPagination.Item key={item} type="page" value={item} className={classes.item}>
            {item}
          </ArkPagination.Item>
        ),
      )}
      <ArkPagination.NextTrigger className={classes.nextTrigger}>
        Next
        <ChevronRightIcon size={16} />
      </ArkPagination.NextTrigger>
    </ArkPagination.Root>
  );
}
