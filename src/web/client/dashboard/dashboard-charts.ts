// The dashboard's charts: which metrics each one draws and how (a line, stacked bars above or below zero, bars side
// by side), in which unit, and in which colour (each at least 3:1 against the page's white, as WCAG asks of graphics).
import type { StringKey } from '../strings';

export type SeriesMark = 'line' | 'stacked' | 'grouped';
export type ChartUnit = 'money' | 'count' | 'rate';

export interface ChartSeries {
  metric: string;
  mark: SeriesMark;
  /** A movement that takes away (contraction, churn) is drawn below zero; the tables keep the API's positive figure. */
  negative?: boolean;
  color: string;
}

export interface ChartDefinition {
  id: string;
  title: StringKey;
  unit: ChartUnit;
  series: ChartSeries[];
}

export const CHARTS: ChartDefinition[] = [
  {
    id: 'mrr',
    title: 'dashboard.mrrMovements',
    unit: 'money',
    series: [
      { metric: 'monthly_recurring_revenue', mark: 'line', color: '#1a1d21' },
      { metric: 'new_mrr', mark: 'stacked', color: '#1d4ed8' },
      { metric: 'expansion_mrr', mark: 'stacked', color: '#0f766e' },
      { metric: 'reactivated_mrr', mark: 'stacked', color: '#7c3aed' },
      { metric: 'contraction_mrr', mark: 'stacked', negative: true, color: '#c2410c' },
      { metric: 'churned_mrr', mark: 'stacked', negative: true, color: '#b42318' },
    ],
  },
  {
    id: 'revenue',
    title: 'dashboard.revenueChart',
    unit: 'money',
    series: [
      { metric: 'revenue', mark: 'grouped', color: '#1d4ed8' },
      { metric: 'net_revenue', mark: 'grouped', color: '#0f766e' },
    ],
  },
  {
    id: 'subscriptions',
    title: 'dashboard.subscriptionsChart',
    unit: 'count',
    series: [
      { metric: 'active_subscriptions', mark: 'line', color: '#1d4ed8' },
      { metric: 'churned_subscriptions', mark: 'stacked', color: '#b42318' },
    ],
  },
  {
    id: 'churn',
    title: 'dashboard.churnChart',
    unit: 'rate',
    series: [{ metric: 'churn_rate', mark: 'line', color: '#b42318' }],
  },
];
