/** Which of an organization's needs a caller may see (built by the access rules of @app/auth). */
export interface NeedVisibility {
  scope:
    | { kind: 'organization' }
    | { kind: 'partner'; partnerId: string }
    | { kind: 'created-by'; memberId: string }
    | { kind: 'assigned-to'; memberId: string };
  /** Null when every confidential need in scope is visible; else only these ones are. */
  confidentialOnlyOf: { partnerId: string | null; assigneeId: string } | null;
}

/** Every need of the organization: public intake and system processes. */
export const EVERY_NEED: NeedVisibility = {
  scope: { kind: 'organization' },
  confidentialOnlyOf: null,
};

/** Positional parameters of one statement. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** SQL conditions on table `need` for the visibility (an empty list: no restriction). */
export function visibilityConditions(visibility: NeedVisibility, params: SqlParams): string[] {
  const conditions: string[] = [];
  const { scope, confidentialOnlyOf } = visibility;
  if (scope.kind === 'partner') conditions.push(`partner_id = ${params.add(scope.partnerId)}`);
  if (scope.kind === 'created-by') conditions.push(`created_by = ${params.add(scope.memberId)}`);
  if (scope.kind === 'assigned-to') conditions.push(`assigned_to = ${params.add(scope.memberId)}`);
  if (confidentialOnlyOf) {
    const ownPartner = confidentialOnlyOf.partnerId
      ? ` OR partner_id = ${params.add(confidentialOnlyOf.partnerId)}`
      : '';
    conditions.push(
      `(NOT is_confidential OR assigned_to = ${params.add(confidentialOnlyOf.assigneeId)}${ownPartner})`,
    );
  }
  return conditions;
}
