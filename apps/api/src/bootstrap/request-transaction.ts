import type {
  CallHandler,
  ExecutionContext,
  INestApplication,
  NestInterceptor,
} from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { AuthContext } from '@app/auth';
import { Database } from '@app/database';

/**
 * Every request gets a database scope, and an authenticated request one transaction of its
 * organization (row-level security admits its rows only): opened once the guard has verified the
 * access token, committed before a successful response is sent, rolled back after a failure.
 */
export function useRequestTransactions(app: INestApplication): void {
  const db = app.get(Database);
  app.use((_request: Request, _response: Response, next: NextFunction) => db.runInNewScope(next));
  app.useGlobalInterceptors(new RequestTransactionInterceptor(db));
}

class RequestTransactionInterceptor implements NestInterceptor {
  constructor(private readonly db: Database) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { auth } = context.switchToHttp().getRequest<{ auth?: AuthContext }>();
    return from(
      this.db.settleRequest(auth?.organizationId, () =>
        lastValueFrom(next.handle(), { defaultValue: undefined }),
      ),
    );
  }
}
