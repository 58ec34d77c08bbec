import { applyDecorators, INestApplication, type Type } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiExtraModels,
  ApiProperty,
  ApiPropertyOptional,
  ApiResponse,
  DocumentBuilder,
  getSchemaPath,
  OpenAPIObject,
  SwaggerModule,
} from '@nestjs/swagger';
import { applyDocumentConventions } from './openapi-conventions';
import { applyValidationBounds } from './openapi-validation-bounds';
import { PROBLEM_CONTENT_TYPE } from './problem-details';

export class FieldErrorDto {
  @ApiProperty({ example: 'addressZip' }) field: string;
  @ApiProperty({ example: 'addressZip must be 5 digits' }) message: string;
}

export class ProblemDetailsDto {
  @ApiProperty({ example: '/problems/validation-error' }) type: string;
  @ApiProperty({ example: 'Your request is not valid' }) title: string;
  @ApiProperty({ example: 400 }) status: number;
  @ApiProperty({ example: 'addressZip must be 5 digits' }) detail: string;
  @ApiPropertyOptional({ example: '/api/constituents' }) instance?: string;
  @ApiPropertyOptional({ description: 'Seconds to wait before trying again (429 and 503)' })
  retry_after?: number;
  @ApiPropertyOptional({ type: [FieldErrorDto] }) errors?: FieldErrorDto[];
  @ApiPropertyOptional({
    example: 'CONTACT_SMS',
    description: 'consent-required: the consent purpose the request needs',
  })
  purpose?: string;
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request: validation failed (problem details list each field)',
  401: 'Missing, malformed, expired or revoked credential',
  403: 'Authenticated, but the role or profiles do not permit this',
  404: 'Not found, or belongs to another organization',
  409: 'Conflict with the current state',
  413: 'Request body larger than 100 KiB',
  415: 'Body is not JSON',
  422: 'Idempotency key reused with a different request',
  429: 'Rate limit or cap reached; retry_after says when to retry',
  503: 'Not ready (a dependency is down) or too busy; Retry-After says when to retry',
};

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 2_678_400 },
  },
};

/** Documents problem-details responses for the given statuses. */
/**
 * The 200 of a keyset-paged list: an array of `type`, and the `Link` header of the next page
 * (nextPageLink) while more `items` follow.
 */
export function ApiPageResponse(type: Type<unknown>, items: string): MethodDecorator {
  return ApiOkResponse({
    type: [type],
    headers: {
      Link: {
        description: `\`<url>; rel="next"\`: the next page, present while more ${items} follow`,
        schema: { type: 'string' },
      },
    },
  });
}

export function ApiProblems(...statuses: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiExtraModels(ProblemDetailsDto),
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: DESCRIPTIONS[status] ?? 'Problem',
        content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: getSchemaPath(ProblemDetailsDto) } } },
        ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
      }),
    ),
  );
}

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Assistance Request Management API')
    .setDescription(
      'Multi-tenant API for organizations that take in requests for assistance. Errors are RFC 9457 problem details. ' +
        'Text never contains U+0000, JSON nests at most 32 levels, and no key is __proto__, ' +
        'constructor or prototype (each 400).',
    )
    .setVersion('1.0')
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description:
        'Access token from POST /api/auth/login: a JWS signed with HS256 only (other algorithms and ' +
        '"none" are refused), valid 15 minutes, following the RFC8725 best practices.',
    })
    .build();
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ProblemDetailsDto] });
  applyValidationBounds(document);
  applyDocumentConventions(document, getSchemaPath(ProblemDetailsDto));
  return document;
}

/**
 * Serves the API reference at /docs (assets from the installed swagger-ui-dist) and the document at
 * /docs/openapi.json. The document is built on its first request, not at start-up: building it
 * walks every route's metadata (about 0.4 s).
 */
export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'docs/openapi.json',
    yamlDocumentUrl: 'docs/openapi.yaml',
    customSiteTitle: 'Assistance Request Management API',
  });
}
