// HTTP surface of leak protection: the endpoint a secret-scanning program (GitHub's partner program) posts to.
import { SecretScanningReportAnswer } from '../../contracts/secret-scanning';
import { definePublicRoute, type RouteDefinition } from '../../platform/http/route';
import { KEY_IDENTIFIER_HEADER, SIGNATURE_HEADER, parseReport } from './secret-scanning.logic';
import type { SecretScanningService } from './secret-scanning.service';

export function secretScanningRoutes({ reports }: { reports: SecretScanningService }): RouteDefinition[] {
  return [
    definePublicRoute({
      method: 'post',
      path: '/v1/secret-scanning/report',
      summary: "A secret-scanning program's signed report of tokens found in public (GitHub's format): each of ours is revoked at once and its owner e-mailed",
      status: 200,
      response: SecretScanningReportAnswer,
      // The signature is over the raw body, so the body is read raw and parsed only once it holds.
      // Revokes each reported credential of ours and queues its owner's e-mail, in the request's one transaction.
      async handler({ tx, request }) {
        const raw = await request.rawBody();
        reports.assertSigned(raw, request.header(KEY_IDENTIFIER_HEADER), request.header(SIGNATURE_HEADER));
        return reports.answer(tx, parseReport(raw));
      },
    }),
  ];
}
