import type {
  CallHandler,
  ExecutionContext,
  INestApplication,
  NestInterceptor,
} from '@nestjs/common';
import type { Request } from 'express';
import { Observable } from 'rxjs';
import type { AuthContext } from '@app/auth';
import { type RequestOrigin, runWithRequestOrigin } from '@app/database';

/**
 * Runs every handler with its request's origin, which audit entries record: the member of the
 * verified access token (an anonymous caller on public routes), the request id and the client
 * address as `trust proxy` yields it. The handler is subscribed inside the origin, so streamed
 * answers keep it too.
 */
export function recordRequestOrigins(app: INestApplication): void {
  app.useGlobalInterceptors(new RequestOriginInterceptor());
}

function originOf(request: Request & { auth?: AuthContext; id?: string }): RequestOrigin {
  return {
    actor: request.auth
      ? { type: 'MEMBER', id: request.auth.memberId }
      : { type: 'PUBLIC', id: null },
    requestId: request.id ?? null,
    clientIp: request.ip ?? null,
  };
}

class RequestOriginInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const origin = originOf(context.switchToHttp().getRequest());
    return new Observable((subscriber) =>
      runWithRequestOrigin(origin, () => next.handle().subscribe(subscriber)),
    );
  }
}
