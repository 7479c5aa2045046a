/**
 * The dashboard's four charts, in a chunk of their own (recharts is ~117 KB gzip, PITFALLS #10):
 * the staff home loads it with React.lazy once the figures are there. Each chart is a picture
 * for the eye; screen readers get the same numbers as a table (ChartPanel).
 */
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import { BarChart, type BarChartSeries } from '@mantine/charts';
import { useMatches } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import type { TAllChart, TMemChart } from '../../../domain/contracts/charts';
import {
  formatCalendarDate,
  formatCompactMoney,
  formatMoney,
  formatMonth,
  formatNumber,
} from '../../lib/format';
import { ChartPanel } from './ChartPanel';
import {
  eventRows,
  hasMoney,
  hasNewMembers,
  hasTickets,
  joinedRows,
  KIND_COLORS,
  kindsWithMoney,
  moneyRows,
  planRows,
} from './chart-data';

const CHART_HEIGHT = 260;
const WIDE_CHART_HEIGHT = 300;
const ROW_HEIGHT = 34;

export function DashboardCharts({ members, money }: { members: TMemChart; money: TAllChart }) {
  return (
    <>
      <MoneyChart chart={money} />
      <NewMembersChart chart={members} />
      <PlansChart chart={members} />
      <TicketsChart chart={money} />
    </>
  );
}

function MoneyChart({ chart }: { chart: TAllChart }) {
  const { t } = useTranslation();
  const rows = moneyRows(chart, formatMonth);
  const kinds = kindsWithMoney(chart);
  // On a phone the legend wraps to several lines under the bars: give the bars that room back
  const height = useMatches({ base: WIDE_CHART_HEIGHT + 24 * kinds.length, sm: WIDE_CHART_HEIGHT });
  return (
    <ChartPanel
      id="chart-money"
      wide
      title={t('dashboard.charts.money.title')}
      description={t('dashboard.charts.money.description')}
      empty={!hasMoney(chart) ? t('dashboard.charts.money.empty') : null}
      table={{
        columns: [
          t('dashboard.charts.month'),
          ...kinds.map((kind) => t(`dashboard.kinds.${kind}`)),
          t('dashboard.charts.total'),
        ],
        rows: rows.map((row) => [
          row.label,
          ...kinds.map((kind) => formatMoney(row[kind])),
          formatMoney(row.total),
        ]),
      }}
    >
      <BarChart
        h={height}
        data={rows}
        dataKey="label"
        type="stacked"
        series={kinds.map((kind) => ({
          name: kind,
          label: t(`dashboard.kinds.${kind}`),
          color: KIND_COLORS[kind],
        }))}
        valueFormatter={formatMoney}
        yAxisProps={{ tickFormatter: formatCompactMoney, width: 64 }}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        accessibilityLayer={false}
        maxBarWidth={40}
        gridAxis="x"
      />
    </ChartPanel>
  );
}

function NewMembersChart({ chart }: { chart: TMemChart }) {
  const { t } = useTranslation();
  const rows = joinedRows(chart, formatMonth);
  return (
    <ChartPanel
      id="chart-new-members"
      title={t('dashboard.charts.newMembers.title')}
      description={t('dashboard.charts.newMembers.description')}
      empty={!hasNewMembers(chart) ? t('dashboard.charts.newMembers.empty') : null}
      table={{
        columns: [t('dashboard.charts.month'), t('dashboard.charts.newMembers.joined')],
        rows: rows.map((row) => [row.label, formatNumber(row.joined)]),
      }}
    >
      <BarChart
        h={CHART_HEIGHT}
        data={rows}
        dataKey="label"
        series={[
          { name: 'joined', label: t('dashboard.charts.newMembers.joined'), color: 'indigo.6' },
        ]}
        valueFormatter={formatNumber}
        yAxisProps={{ allowDecimals: false, width: 40 }}
        accessibilityLayer={false}
        maxBarWidth={28}
        gridAxis="x"
      />
    </ChartPanel>
  );
}

function PlansChart({ chart }: { chart: TMemChart }) {
  const { t } = useTranslation();
  const rows = planRows(chart, t('dashboard.charts.plans.noPlan'));
  return (
    <ChartPanel
      id="chart-plans"
      title={t('dashboard.charts.plans.title')}
      description={t('dashboard.charts.plans.description')}
      empty={rows.length === 0 ? t('dashboard.charts.plans.empty') : null}
      table={{
        columns: [
          t('dashboard.charts.plans.plan'),
          t('dashboard.charts.plans.active'),
          t('dashboard.charts.plans.inactive'),
        ],
        rows: rows.map((row) => [row.plan, formatNumber(row.active), formatNumber(row.inactive)]),
      }}
    >
      <StackedBars
        data={rows}
        dataKey="plan"
        series={[
          { name: 'active', label: t('dashboard.charts.plans.active'), color: 'teal.6' },
          { name: 'inactive', label: t('dashboard.charts.plans.inactive'), color: 'gray.4' },
        ]}
      />
    </ChartPanel>
  );
}

/** Counts as horizontal stacked bars, one row per name, as tall as the rows need. */
function StackedBars({
  data,
  dataKey,
  series,
}: {
  data: Record<string, unknown>[];
  dataKey: string;
  series: BarChartSeries[];
}) {
  return (
    <BarChart
      h={Math.max(CHART_HEIGHT, data.length * ROW_HEIGHT + 80)}
      data={data}
      dataKey={dataKey}
      type="stacked"
      orientation="vertical"
      series={series}
      valueFormatter={formatNumber}
      yAxisProps={{ width: 130 }}
      xAxisProps={{ allowDecimals: false }}
      withLegend
      accessibilityLayer={false}
      maxBarWidth={22}
      gridAxis="y"
    />
  );
}

function TicketsChart({ chart }: { chart: TAllChart }) {
  const { t } = useTranslation();
  const rows = eventRows(chart, formatCalendarDate).map((row) => ({
    ...row,
    past: row.upcoming ? 0 : row.seats,
    ahead: row.upcoming ? row.seats : 0,
  }));
  return (
    <ChartPanel
      id="chart-tickets"
      wide
      title={t('dashboard.charts.tickets.title')}
      description={t('dashboard.charts.tickets.description')}
      empty={!hasTickets(chart) ? t('dashboard.charts.tickets.empty') : null}
      table={{
        columns: [
          t('dashboard.charts.tickets.event'),
          t('dashboard.charts.tickets.date'),
          t('dashboard.charts.tickets.sold'),
          t('dashboard.charts.tickets.capacity'),
        ],
        rows: rows.map((row) => [
          row.event,
          row.date,
          formatNumber(row.seats),
          formatNumber(row.capacity),
        ]),
      }}
    >
      <StackedBars
        data={rows}
        dataKey="event"
        series={[
          { name: 'past', label: t('dashboard.charts.tickets.past'), color: 'gray.5' },
          { name: 'ahead', label: t('dashboard.charts.tickets.upcoming'), color: 'indigo.6' },
        ]}
      />
    </ChartPanel>
  );
}
