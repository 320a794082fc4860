// The OpenAPI 3.1 document, generated from the same zod contracts the routes validate with.
import { z } from 'zod';
import { ErrorBody, ValidationErrorBody } from '../../contracts/error-body';
import type { RouteDefinition } from '../../platform/http/route';
import { UNVERSIONED, type ApiVersion } from '../../contracts/api-version';
import { schemasInVersion } from './openapi-version';

type JsonSchema = Record<string, unknown>;

const SECURITY_SCHEMES = { organization: 'organization_access_token', customer: 'customer_session' } as const;

/** The document of one API version (the unversioned API's unless named). */
export function buildOpenApi(routes: RouteDefinition[], serverUrls: string[], version: ApiVersion = UNVERSIONED) {
  const components: Record<string, JsonSchema> = {};

  const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
    const rewritten = JSON.parse(JSON.stringify(json).replaceAll('#/$defs/', '#/components/schemas/')) as JsonSchema;
    const { $defs, $schema: _ignored, ...rest } = rewritten as { $defs?: Record<string, JsonSchema>; $schema?: string };
    Object.assign(components, $defs);
    return rest;
  };

  const errorResponse = (description: string, body: z.ZodType = ErrorBody) => ({
    description,
    content: { 'application/json': { schema: schemaOf(body, 'output') } },
  });

  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const parameters = [
      ...shapeOf(route.params).map(([name, s]) => ({
        name,
        in: 'path',
        required: true,
        schema: schemaOf(s, 'output'),
      })),
      ...shapeOf(route.query).map(([name, s]) =>
        name === 'metadata'
          ? {
              name,
              in: 'query',
              style: 'deepObject',
              explode: true,
              schema: { type: 'object', additionalProperties: { type: 'string' } },
            }
          : { name, in: 'query', schema: schemaOf(s, 'output') },
      ),
      ...(route.idempotent
        ? [{ name: 'X-Idempotency-Key', in: 'header', schema: { type: 'string', maxLength: 255 } }]
        : []),
    ];
    (paths[path] ??= {})[route.method] = {
      summary: route.summary,
      security: route.audience === 'public' ? [] : [{ [SECURITY_SCHEMES[route.audience]]: [...(route.scopes ?? [])] }],
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input') } } },
          }
        : {}),
      responses: {
        [route.status]:
          route.status === 204
            ? { description: 'Success (no body)' }
            : {
                description: 'Success',
                content: { 'application/json': { schema: schemaOf(route.response, 'output') } },
              },
        ...(route.audience === 'organization' && {
          401: errorResponse('Missing or invalid token (Unauthorized)'),
          403: errorResponse('Token lacks a required scope (NotPermitted)'),
        }),
        ...(route.audience === 'customer' && {
          401: errorResponse('Missing, invalid or expired customer session token (Unauthorized)'),
        }),
        ...(route.params ? { 404: errorResponse('Not found (ResourceNotFound)') } : {}),
        422: errorResponse('Invalid request (RequestValidationError)', ValidationErrorBody),
        429: errorResponse('Rate limit exceeded (TooManyRequests); see Retry-After'),
      },
    };
  }

  schemasInVersion(components, version, (schema) => schemaOf(schema, 'output'));
  return {
    openapi: '3.1.0',
    info: { title: 'Bursar API', version },
    servers: serverUrls.map((url) => ({ url })),
    components: {
      securitySchemes: {
        organization_access_token: {
          type: 'http',
          scheme: 'bearer',
          description: 'Organization access token (bursar_oat_…)',
        },
        customer_session: {
          type: 'http',
          scheme: 'bearer',
          description: 'Customer session token (bursar_cst_…), for the customer portal API',
        },
      },
      schemas: components,
    },
    paths,
  };
}

function shapeOf(schema: z.ZodType | undefined): [string, z.ZodType][] {
  if (schema instanceof z.ZodPipe) return shapeOf(schema.in as z.ZodType);
  if (!schema || !(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>);
}
