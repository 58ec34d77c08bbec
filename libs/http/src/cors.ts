import type {
  CorsOptions,
  CorsOptionsDelegate,
} from '@nestjs/common/interfaces/external/cors-options.interface';
import type { Request } from 'express';

/**
 * The routes an organization's own website calls from the browser (the intake form, the survey
 * behind `surveyLink`, the status lookup): open to every origin, errors and 429s included.
 */
const OPEN_TO_EVERY_ORIGIN = [/^\/api\/needs\/public(\/status)?\/?$/, /^\/api\/surveys\/[^/]+\/?$/];

const SHARED: CorsOptions = {
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
  exposedHeaders: [
    'Location',
    'Link',
    'X-Request-Id',
    'Retry-After',
    'RateLimit',
    'RateLimit-Policy',
  ],
  credentials: false,
  maxAge: 600,
  optionsSuccessStatus: 204,
};

/**
 * CORS for the `cors` package (through Nest's enableCors): the public browser routes answer any
 * origin; every other route only the `allowedOrigins` (CORS_ORIGINS), and an origin not listed gets
 * no Access-Control-Allow-Origin at all. Tokens travel in the Authorization header, never cookies.
 */
export function corsPolicy(allowedOrigins: string[]): CorsOptionsDelegate<Request> {
  const open: CorsOptions = { ...SHARED, origin: '*' };
  const listed: CorsOptions = { ...SHARED, origin: allowedOrigins };
  return (request, callback) =>
    callback(null, OPEN_TO_EVERY_ORIGIN.some((path) => path.test(request.path)) ? open : listed);
}
