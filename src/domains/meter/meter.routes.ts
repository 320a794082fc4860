// HTTP surface of meters: GET/POST /v1/meters/, GET/PATCH /v1/meters/{id}, GET /v1/meters/{id}/quantities.
import type { RouteDefinition } from '../../platform/http/route';
import type { MeterQuantityService } from './meter-quantity.service';
import type { MeterService } from './meter.service';
import { meterByIdRoutes } from './meter-by-id.routes';
import { metersRoutes } from './meters.routes';

export function meterRoutes({
  meters,
  quantities,
}: {
  meters: MeterService;
  quantities: MeterQuantityService;
}): RouteDefinition[] {
  return [...metersRoutes(meters), ...meterByIdRoutes({ meters, quantities })];
}
