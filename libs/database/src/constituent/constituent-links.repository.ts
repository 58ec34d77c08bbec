import { Injectable } from '@nestjs/common';
import { updateReturning } from '../sql';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';

/**
 * Rows of other features that point at a constituent or a household. A merge moves them all (and
 * its undo puts back those it moved, by id), so a new table that references constituents is added
 * here, in this one place. Tables (or columns) that do not exist in the database yet are skipped.
 */
const LINKS = [
  { table: 'need', constituentColumn: 'constituent_id', householdColumn: 'household_id' },
  { table: 'interaction', constituentColumn: 'constituent_id', householdColumn: null },
  // Append-only: the application role may change only this column of it (a merge re-points it).
  { table: 'constituent_consent', constituentColumn: 'constituent_id', householdColumn: null },
] as const;

/**
 * The ids of the rows a merge moved, by kind: a table's rows moved with the constituent under the
 * table's name, its rows moved with a household under `<table>Household`.
 */
export type MovedIds = Record<string, string[]>;

interface ExistingLink {
  table: string;
  constituentColumn: string | null;
  householdColumn: string | null;
}

/**
 * Moves the links of a merge, and puts them back on its undo, inside the merge's transaction (see
 * ConstituentMergeService).
 */
@Injectable()
export class ConstituentLinksRepository {
  constructor(private readonly tenant: TenantContext) {}

  /**
   * Moves the source constituent's rows to the target (and to the target's household, where the
   * row also names a household). Returns the ids of the rows moved per table.
   */
  async moveConstituent(
    organizationId: OrganizationId,
    sourceId: string,
    target: { id: string; householdId: string },
  ): Promise<MovedIds> {
    const moved: MovedIds = {};
    for (const link of await this.existingLinks()) {
      if (!link.constituentColumn) continue;
      const household = link.householdColumn ? `, ${link.householdColumn} = $4` : '';
      moved[link.table] = await this.updateIds(
        `UPDATE ${link.table} SET ${link.constituentColumn} = $3${household}
          WHERE organization_id = $1 AND ${link.constituentColumn} = $2 RETURNING id`,
        [organizationId, sourceId, target.id, ...(household ? [target.householdId] : [])],
      );
    }
    return moved;
  }

  /**
   * Undoes moveConstituent: the rows it moved that still name the target go back to the source
   * (and to the source's household, where the row also names a household).
   */
  async restoreConstituent(
    organizationId: OrganizationId,
    moved: MovedIds,
    source: { id: string; householdId: string },
    targetId: string,
  ): Promise<void> {
    for (const link of await this.existingLinks()) {
      const ids = moved[link.table];
      if (!link.constituentColumn || !ids?.length) continue;
      const household = link.householdColumn ? `, ${link.householdColumn} = $5` : '';
      await this.tenant.manager.query(
        `UPDATE ${link.table} SET ${link.constituentColumn} = $4${household}
          WHERE organization_id = $1 AND id = ANY ($2::uuid[]) AND ${link.constituentColumn} = $3`,
        [organizationId, ids, targetId, source.id, ...(household ? [source.householdId] : [])],
      );
    }
  }

  /** Moves every row that names the source household to the target household; their ids by kind. */
  async moveHousehold(
    organizationId: OrganizationId,
    sourceHouseholdId: string,
    targetHouseholdId: string,
  ): Promise<MovedIds> {
    const moved: MovedIds = {};
    for (const link of await this.existingLinks()) {
      if (!link.householdColumn) continue;
      moved[`${link.table}Household`] = await this.updateIds(
        `UPDATE ${link.table} SET ${link.householdColumn} = $3
          WHERE organization_id = $1 AND ${link.householdColumn} = $2 RETURNING id`,
        [organizationId, sourceHouseholdId, targetHouseholdId],
      );
    }
    return moved;
  }

  /** Undoes moveHousehold: the rows it moved that still name the target household go back. */
  async restoreHousehold(
    organizationId: OrganizationId,
    moved: MovedIds,
    sourceHouseholdId: string,
    targetHouseholdId: string,
  ): Promise<void> {
    for (const link of await this.existingLinks()) {
      const ids = moved[`${link.table}Household`];
      if (!link.householdColumn || !ids?.length) continue;
      await this.tenant.manager.query(
        `UPDATE ${link.table} SET ${link.householdColumn} = $4
          WHERE organization_id = $1 AND id = ANY ($2::uuid[]) AND ${link.householdColumn} = $3`,
        [organizationId, ids, targetHouseholdId, sourceHouseholdId],
      );
    }
  }

  private async updateIds(sql: string, parameters: unknown[]): Promise<string[]> {
    const rows = await updateReturning<{ id: string }>(this.tenant.manager, sql, parameters);
    return rows.map((row) => row.id);
  }

  private async existingLinks(): Promise<ExistingLink[]> {
    const rows: { table_name: string; column_name: string }[] = await this.tenant.manager.query(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = ANY ($1::text[])`,
      [LINKS.map((link) => link.table)],
    );
    const has = (table: string, column: string | null) =>
      column !== null && rows.some((row) => row.table_name === table && row.column_name === column);
    return LINKS.filter((link) => has(link.table, 'organization_id')).map((link) => ({
      table: link.table,
      constituentColumn: has(link.table, link.constituentColumn) ? link.constituentColumn : null,
      householdColumn: has(link.table, link.householdColumn) ? link.householdColumn : null,
    }));
  }
}
