// The metrics of an organization: queried (in its default currency unless another is asked), exported, limited.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MetricsQuery, MetricsResponse } from '../../contracts/metrics';
import type { OrganizationService } from '../organization';
import { metricsLimits } from './metric-limits';
import { queryMetrics } from './query-metrics';

export class MetricService {
  constructor(private readonly organizations: OrganizationService) {}

  async query(em: EntityManager, organizationId: string, query: MetricsQuery): Promise<MetricsResponse> {
    const currency = query.currency ?? (await this.organizations.currencySettings(em, organizationId)).defaultCurrency;
    // One read-only transaction: every reader sees the same facts, under the settings queryMetrics sets.
    return em.transactional((tx) => queryMetrics(tx, organizationId, { ...query, currency }), { readOnly: true });
  }

  async limits(em: EntityManager, organizationId: string) {
    return metricsLimits(em, await this.organizations.findOrganization(em, organizationId));
  }
}
