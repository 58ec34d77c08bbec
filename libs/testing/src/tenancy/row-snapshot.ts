import type { TestApp } from '../test-app';

/** A row by table and id, e.g. ['need', id]. */
export type RowRef = readonly [table: string, id: string];

/** The rows as stored now (null for a missing one), to compare before and after a request. */
export async function snapshotRows(app: TestApp, rows: readonly RowRef[]): Promise<unknown[]> {
  return Promise.all(
    rows.map(async ([table, id]) => {
      const [row] = await app.dataSource.query(`SELECT * FROM "${table}" WHERE id = $1`, [id]);
      return row ?? null;
    }),
  );
}
