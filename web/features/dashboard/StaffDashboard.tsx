import '@mantine/core/styles/Skeleton.css';
import { Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCash, IconTicket, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TAllChart, TMemChart } from '../../../domain/contracts/charts';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { formatMoney, formatNumber } from '../../lib/format';
import { memberChartQuery, paymentChartQuery } from './api';
import { FigureCard, FigureCardSkeleton } from './FigureCard';

// recharts stays out of every other screen's code: it loads only when the charts are drawn
const DashboardCharts = lazy(async () => ({
  default: (await import('./DashboardCharts')).DashboardCharts,
}));

/** The staff home: the association's headline figures, then the charts behind them. */
export function StaffDashboard() {
  const { t } = useTranslation();
  const members = useQuery(memberChartQuery());
  const money = useQuery(paymentChartQuery());
  const error = members.error ?? money.error;

  if (error) {
    return (
      <LoadErrorAlert
        error={error}
        retrying={members.isFetching || money.isFetching}
        onRetry={() => {
          if (members.isError) void members.refetch();
          if (money.isError) void money.refetch();
        }}
      />
    );
  }

  return (
    <Stack gap="lg">
      <section aria-label={t('dashboard.figures')}>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
          {members.data && money.data ? (
            <Figures members={members.data} money={money.data} />
          ) : (
            [0, 1, 2, 3].map((n) => <FigureCardSkeleton key={n} />)
          )}
        </SimpleGrid>
      </section>
      {members.data && money.data ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <Suspense fallback={<ChartSkeletons label={t('dashboard.loadingCharts')} />}>
            <DashboardCharts members={members.data} money={money.data} />
          </Suspense>
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <ChartSkeletons label={t('dashboard.loadingCharts')} />
        </SimpleGrid>
      )}
    </Stack>
  );
}

function Figures({ members, money }: { members: TMemChart; money: TAllChart }) {
  const { t } = useTranslation();
  return (
    <>
      <FigureCard
        testId="active"
        label={t('dashboard.cards.active')}
        value={formatNumber(members.totals.active)}
        hint={t('dashboard.cards.activeHint', { count: members.totals.members })}
        icon={IconUserCheck}
        color="teal"
      />
      <FigureCard
        testId="inactive"
        label={t('dashboard.cards.inactive')}
        value={formatNumber(members.totals.inactive)}
        hint={t('dashboard.cards.inactiveHint')}
        icon={IconUserOff}
        color="gray"
      />
      <FigureCard
        testId="money"
        label={t('dashboard.cards.money', { year: String(money.yearToDate.year) })}
        value={formatMoney(money.yearToDate.totalCents)}
        hint={t('dashboard.cards.moneyHint')}
        icon={IconCash}
        color="indigo"
      />
      <FigureCard
        testId="tickets"
        label={t('dashboard.cards.tickets')}
        value={formatNumber(money.upcoming.seatsSold)}
        hint={
          money.upcoming.events === 0
            ? t('dashboard.cards.ticketsNone')
            : t('dashboard.cards.ticketsHint', { count: money.upcoming.events })
        }
        icon={IconTicket}
        color="orange"
      />
    </>
  );
}

function ChartSkeletons({ label }: { label: string }) {
  return (
    <>
      {[0, 1, 2, 3].map((n) => (
        <Card
          key={n}
          withBorder
          padding="lg"
          radius="md"
          aria-busy="true"
          // The same places as the charts: money and tickets take a whole row
          style={n === 0 || n === 3 ? { gridColumn: '1 / -1' } : undefined}
        >
          <Skeleton height={14} width="45%" mb="xs" />
          <Skeleton height={10} width="70%" mb="lg" />
          <Skeleton height={220} />
          {n === 0 ? (
            <Text size="xs" c="dimmed" mt="xs" role="status">
              {label}
            </Text>
          ) : null}
        </Card>
      ))}
    </>
  );
}
