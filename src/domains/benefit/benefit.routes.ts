// HTTP surface of benefits: /v1/benefits CRUD (granting comes with checkouts and subscriptions).
import type { RouteDefinition } from '../../platform/http/route';
import type { BenefitService } from './benefit.service';
import { benefitByIdRoutes } from './benefit-by-id.routes';
import { benefitsRoutes } from './benefits.routes';

export function benefitRoutes({ benefits }: { benefits: BenefitService }): RouteDefinition[] {
  return [...benefitsRoutes(benefits), ...benefitByIdRoutes(benefits)];
}
