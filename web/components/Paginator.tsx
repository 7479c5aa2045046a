import '@mantine/core/styles/ActionIcon.css';
import { ActionIcon, Button, Group, NativeSelect, Text, useMatches } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconChevronsRight,
} from '@tabler/icons-react';
import { useTranslation } from '../i18n/use-translation';
import { PAGE_SIZES } from '../../domain/constants';
import { buildPaginator, pageChange, PAGINATOR_DEFAULTS } from '../../domain/pagination';
import { formatNumber } from '../lib/format';

/** The rows a page shows, 1-based and inclusive: page 2 of 57 rows by 10 is 11 to 20. */
export function pageRange(page: number, pageSize: number, total: number) {
  if (total <= 0) return null;
  const from = Math.min((page - 1) * pageSize + 1, total);
  return { from, to: Math.min(page * pageSize, total) };
}

export interface TPaginatorProps {
  page: number;
  pageSize: number;
  /** Rows that match; with `totalCapped` the server stopped counting there. */
  total: number;
  totalCapped?: boolean;
  pageSizes?: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Most page links shown; 0 shows all (spec 02 §3 default; §9 lists use 4, rotating). */
  maxSize?: number;
  rotate?: boolean;
  ellipses?: boolean;
  /** First and last links. */
  boundaryLinks?: boolean;
  /** Previous and next links. */
  directionLinks?: boolean;
  disabled?: boolean;
}

/**
 * The paginator of spec 02 §4 on the model in domain/pagination: first, previous, page links,
 * next and last, each named for screen readers, disabled where the model says, and a page-size
 * choice. A page-change is raised only when the page really changes. Unset options take the
 * defaults of spec 02 §3 (PAGINATOR_DEFAULTS); a screen's own settings win.
 */
export function Paginator({
  page,
  pageSize,
  total,
  totalCapped = false,
  pageSizes = PAGE_SIZES,
  onPageChange,
  onPageSizeChange,
  maxSize = PAGINATOR_DEFAULTS.maxSize,
  rotate = PAGINATOR_DEFAULTS.rotate,
  ellipses = PAGINATOR_DEFAULTS.ellipses,
  boundaryLinks = PAGINATOR_DEFAULTS.boundaryLinks,
  directionLinks = PAGINATOR_DEFAULTS.directionLinks,
  disabled = PAGINATOR_DEFAULTS.disabled,
}: TPaginatorProps) {
  const { t } = useTranslation();
  // Below the sm breakpoint the links are a size smaller (28 px, still above WCAG's 24), so a
  // phone's 390 px holds six pages and the four steps on one line. Read at the first render (the
  // app runs only in the browser), so a desktop never starts small and shifts.
  const narrow = useMatches({ base: true, sm: false }, { getInitialValueInEffect: false });
  const model = buildPaginator({
    page,
    pageSize,
    collectionSize: total,
    maxSize,
    rotate,
    ellipses,
  });
  // One cached formatter per language (PITFALLS 14), not one per render
  const number = { format: formatNumber };
  const range = pageRange(model.page, pageSize, total);
  const go = (requested: number) => {
    const next = pageChange(model.page, requested, model.pageCount);
    if (next !== null) onPageChange(next);
  };

  const rangeText = !range
    ? t('paginator.none')
    : t(totalCapped ? 'paginator.rangeCapped' : 'paginator.range', {
        from: number.format(range.from),
        to: number.format(range.to),
        total: number.format(total),
      });

  const step = (label: string, target: number, off: boolean, icon: typeof IconChevronLeft) => {
    const StepIcon = icon;
    return (
      <ActionIcon
        variant="default"
        size={narrow ? 'md' : 'lg'}
        aria-label={label}
        disabled={disabled || off}
        onClick={() => go(target)}
      >
        <StepIcon aria-hidden size={narrow ? 16 : 18} />
      </ActionIcon>
    );
  };

  return (
    <Group justify="space-between" gap="md" wrap="wrap">
      <Text size="sm" aria-live="polite">
        {rangeText}
      </Text>
      <Group component="nav" aria-label={t('paginator.label')} gap={4} wrap="wrap">
        {boundaryLinks && step(t('paginator.first'), 1, model.firstDisabled, IconChevronsLeft)}
        {directionLinks &&
          step(t('paginator.previous'), model.page - 1, model.previousDisabled, IconChevronLeft)}
        {model.items.map((item) =>
          item.kind === 'ellipsis' ? (
            <Text key={item.key} aria-hidden px={4}>
              …
            </Text>
          ) : (
            <Button
              key={item.page}
              size={narrow ? 'compact-sm' : 'compact-md'}
              variant={item.page === model.page ? 'filled' : 'default'}
              aria-current={item.page === model.page ? 'page' : undefined}
              aria-label={t('paginator.page', { page: number.format(item.page) })}
              disabled={disabled}
              onClick={() => go(item.page)}
            >
              {number.format(item.page)}
            </Button>
          ),
        )}
        {directionLinks &&
          step(t('paginator.next'), model.page + 1, model.nextDisabled, IconChevronRight)}
        {boundaryLinks &&
          step(t('paginator.last'), model.pageCount, model.lastDisabled, IconChevronsRight)}
      </Group>
      <NativeSelect
        label={t('paginator.pageSize')}
        size="xs"
        value={String(pageSize)}
        disabled={disabled}
        onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
        data={pageSizes.map((size) => ({ value: String(size), label: number.format(size) }))}
        styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
      />
    </Group>
  );
}
