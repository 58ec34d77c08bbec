import type { operations } from './openapi';

/** The `operationId` of every operation the API serves (`listNeeds`, `createPublicNeed`, ...). */
export type OperationId = keyof operations;

type SuccessStatus = 200 | 201 | 202 | 204;

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : undefined;

/** What an operation answers on success: the JSON body, or `undefined` for 204. */
export type OperationResponse<Op extends OperationId> = {
  [Status in SuccessStatus & keyof operations[Op]['responses']]: JsonContent<
    operations[Op]['responses'][Status]
  >;
}[SuccessStatus & keyof operations[Op]['responses']];

/** The JSON body an operation takes (`never` for operations without one). */
export type OperationRequestBody<Op extends OperationId> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The operation's parameters in one place (`path`, `query`, `header`), as in the document. */
export type OperationParameters<Op extends OperationId> = operations[Op]['parameters'];
