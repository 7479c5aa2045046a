import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/dates/styles.css';
import { Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { isMagazinePlan, type TPlan } from '../../../domain/contracts/plans';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { EmptyState, ListSkeleton } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { allPlansQuery } from './api/get-all-plans';
import { MagazinePriceLine } from './MagazinePriceLine';
import { PlanDetails } from './PlanDetails';
import { PlanRow } from './PlanRow';
import { PLAN_COLUMNS, stickyClassOf } from './plan-columns';

/**
 * `#/plans` (global admin, super user): every plan edited inline, a read-only View, and the
 * magazine price line. The table scrolls sideways, its first and last columns held on a wide
 * screen.
 */
export function PlansPage() {
  const { t } = useTranslation();
  const plans = useQuery(allPlansQuery());
  const [viewing, setViewing] = useState<TPlan | null>(null);
  const details = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!viewing) return;
    details.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    details.current?.focus({ preventScroll: true });
  }, [viewing]);

  if (plans.isPending) return <ListSkeleton rows={6} height={44} />;
  if (plans.isError) {
    return <LoadErrorAlert error={plans.error} onRetry={() => void plans.refetch()} />;
  }
  const magazine = plans.data.find((plan) => isMagazinePlan(plan.prefix));
  // The View shows the plan as stored now, also after an update.
  const shown = viewing && plans.data.find((plan) => plan.id === viewing.id);

  return (
    <Stack gap="lg">
      <PageTitle>{t('pages.plans.title')}</PageTitle>
      <Text>{t('plans.intro')}</Text>
      {magazine && <MagazinePriceLine plan={magazine} />}
      <Table.ScrollContainer minWidth={1500} type="native">
        <Table striped withTableBorder verticalSpacing="xs">
          <Table.Caption>{t('plans.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {PLAN_COLUMNS.map((column) => (
                <Table.Th key={column} className={stickyClassOf(column)}>
                  {t(`plans.columns.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plans.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={PLAN_COLUMNS.length}>
                  <EmptyState>{t('plans.empty')}</EmptyState>
                </Table.Td>
              </Table.Tr>
            )}
            {plans.data.map((plan) => (
              // The row follows its stored plan itself, keeping what is being typed (PlanRow)
              <PlanRow key={plan.id} plan={plan} onView={setViewing} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown && <PlanDetails ref={details} plan={shown} onClose={() => setViewing(null)} />}
    </Stack>
  );
}
