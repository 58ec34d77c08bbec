import type {
  CallHandler,
  ExecutionContext,
  INestApplication,
  NestInterceptor,
} from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { concatMap, type Observable } from 'rxjs';
import { Database, type DatabaseScope } from '@app/database';

/**
 * Every request gets a database scope. Once the access token names the organization, the scope
 * holds one transaction of that organization (row-level security admits its rows only): committed
 * before a successful response is sent, rolled back after any other.
 */
export function useRequestTransactions(app: INestApplication): void {
  const db = app.get(Database);
  app.use((_request: Request, response: Response, next: NextFunction) => {
    const scope: DatabaseScope = {};
    response.on('close', () => {
      scope.transaction?.close().catch(() => undefined);
    });
    db.runInScope(scope, next);
  });
  app.useGlobalInterceptors(new CommitRequestTransaction(db));
}

class CommitRequestTransaction implements NestInterceptor {
  constructor(private readonly db: Database) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      concatMap(async (body: unknown) => {
        await this.db.commitScope();
        return body;
      }),
    );
  }
}
