import { Injectable } from '@nestjs/common';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';

/**
 * Rows of other features that point at a constituent or a household. A merge moves them all, so a
 * new table that references constituents is added here, in this one place. Tables (or columns) that
 * do not exist in the database yet are skipped.
 */
const LINKS = [
  { table: 'need', constituentColumn: 'constituent_id', householdColumn: 'household_id' },
  { table: 'interaction', constituentColumn: 'constituent_id', householdColumn: null },
] as const;

export type LinkCounts = Record<string, number>;

interface ExistingLink {
  table: string;
  constituentColumn: string | null;
  householdColumn: string | null;
}

/** Moves the links of a merge, inside the merge's transaction (see ConstituentMergeService). */
@Injectable()
export class ConstituentLinksRepository {
  constructor(private readonly tenant: TenantContext) {}

  /**
   * Moves the source constituent's rows to the target (and to the target's household, where the
   * row also names a household). Returns the rows moved per table.
   */
  async moveConstituent(
    organizationId: OrganizationId,
    sourceId: string,
    target: { id: string; householdId: string },
  ): Promise<LinkCounts> {
    const moved: LinkCounts = {};
    for (const link of await this.existingLinks()) {
      if (!link.constituentColumn) continue;
      const household = link.householdColumn ? `, ${link.householdColumn} = $4` : '';
      const [, count] = (await this.tenant.manager.query(
        `UPDATE ${link.table} SET ${link.constituentColumn} = $3${household}
          WHERE organization_id = $1 AND ${link.constituentColumn} = $2`,
        [organizationId, sourceId, target.id, ...(household ? [target.householdId] : [])],
      )) as [unknown, number];
      moved[link.table] = count;
    }
    return moved;
  }

  /** Moves every row that names the source household to the target household. */
  async moveHousehold(
    organizationId: OrganizationId,
    sourceHouseholdId: string,
    targetHouseholdId: string,
  ): Promise<LinkCounts> {
    const moved: LinkCounts = {};
    for (const link of await this.existingLinks()) {
      if (!link.householdColumn) continue;
      const [, count] = (await this.tenant.manager.query(
        `UPDATE ${link.table} SET ${link.householdColumn} = $3
          WHERE organization_id = $1 AND ${link.householdColumn} = $2`,
        [organizationId, sourceHouseholdId, targetHouseholdId],
      )) as [unknown, number];
      moved[`${link.table}Household`] = count;
    }
    return moved;
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
