// HTTP surface of leak protection: the endpoint a secret-scanning program (GitHub's partner program) posts to.
import { SecretScanningReport, SecretScanningReportAnswer } from '../../contracts/secret-scanning';
import { BadRequest } from '../../kernel/errors';
import { parseInput } from '../../platform/http/parse-input';
import { definePublicRoute, type RouteDefinition } from '../../platform/http/route';
import { KEY_IDENTIFIER_HEADER, SIGNATURE_HEADER } from './report-signing.logic';
import type { SecretScanningService } from './secret-scanning.service';

export function secretScanningRoutes({ reports }: { reports: SecretScanningService }): RouteDefinition[] {
  return [
    definePublicRoute({
      method: 'post',
      path: '/v1/secret-scanning/report',
      summary:
        "A secret-scanning program's signed report of tokens found in public (GitHub's format): each of ours is revoked at once and its owner e-mailed",
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

/** A verified report's body: malformed JSON is a 400, JSON that is not a list of matches a 422. */
export function parseReport(raw: string): SecretScanningReport {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new BadRequest('The report is not valid JSON.');
  }
  return parseInput(SecretScanningReport, value, 'body');
}
