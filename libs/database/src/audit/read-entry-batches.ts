import type { OrganizationId } from '../tenancy/organization-id';
import type { NewAuditEvent } from './audit-event';

interface Batch {
  entries: NewAuditEvent[];
  written: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const written = new Promise<void>((resolved, rejected) => {
    resolve = resolved;
    reject = rejected;
  });
  return { entries: [], written, resolve, reject };
}

/**
 * Group commit for the audit entries of reads, per organization. An organization's entries are
 * appended one statement (one commit, one turn of its chain's lock) at a time: entries that arrive
 * while one is in flight wait and go together in the next. So concurrent reads do not each queue a
 * commit of their own behind the chain's lock. A caller's promise settles when the statement
 * holding its entries has committed, or failed.
 */
export class ReadEntryBatches {
  private readonly waiting = new Map<OrganizationId, Batch>();
  private readonly appending = new Set<OrganizationId>();

  constructor(
    private readonly append: (
      organizationId: OrganizationId,
      entries: NewAuditEvent[],
    ) => Promise<void>,
  ) {}

  add(organizationId: OrganizationId, entries: NewAuditEvent[]): Promise<void> {
    let batch = this.waiting.get(organizationId);
    if (!batch) {
      batch = newBatch();
      this.waiting.set(organizationId, batch);
    }
    batch.entries.push(...entries);
    if (!this.appending.has(organizationId)) void this.drain(organizationId);
    return batch.written;
  }

  private async drain(organizationId: OrganizationId): Promise<void> {
    this.appending.add(organizationId);
    let batch = this.waiting.get(organizationId);
    while (batch) {
      this.waiting.delete(organizationId);
      const { entries, resolve, reject } = batch;
      await this.append(organizationId, entries).then(resolve, reject);
      batch = this.waiting.get(organizationId);
    }
    this.appending.delete(organizationId);
  }
}
