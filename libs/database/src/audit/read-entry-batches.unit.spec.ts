import type { NewAuditEvent } from './audit-event';
import { ReadEntryBatches } from './read-entry-batches';
import { organizationId } from '../tenancy/organization-id';

const A = organizationId('00000000-0000-4000-8000-00000000000a');
const B = organizationId('00000000-0000-4000-8000-00000000000b');

function entry(subjectId: string): NewAuditEvent {
  return {
    actorType: 'SYSTEM',
    actorId: null,
    action: 'constituent.read',
    subjectType: 'constituent',
    subjectId,
    requestId: null,
    clientIp: null,
    details: {},
  };
}

/** An append the test finishes by hand, recording what each statement held. */
function manualAppends() {
  const statements: {
    organization: string;
    subjects: (string | null)[];
    finish(error?: Error): void;
  }[] = [];
  const append = (organization: string, entries: NewAuditEvent[]) =>
    new Promise<void>((resolve, reject) => {
      statements.push({
        organization,
        subjects: entries.map((e) => e.subjectId),
        finish: (error) => (error ? reject(error) : resolve()),
      });
    });
  return { statements, batches: new ReadEntryBatches(append) };
}

const settled = async (promise: Promise<void>) =>
  promise.then(
    () => 'written',
    (error: Error) => error.message,
  );

describe('ReadEntryBatches', () => {
  it('appends at once, then everything that arrived meanwhile in one statement', async () => {
    const { statements, batches } = manualAppends();
    const first = settled(batches.add(A, [entry('1')]));
    expect(statements.map((s) => s.subjects)).toEqual([['1']]);
    const second = settled(batches.add(A, [entry('2'), entry('3')]));
    const third = settled(batches.add(A, [entry('4')]));
    expect(statements).toHaveLength(1);
    statements[0].finish();
    expect(await first).toBe('written');
    await new Promise(setImmediate);
    expect(statements.map((s) => s.subjects)).toEqual([['1'], ['2', '3', '4']]);
    statements[1].finish();
    expect([await second, await third]).toEqual(['written', 'written']);
  });

  it('fails only the callers of a failed statement, and goes on with the next', async () => {
    const { statements, batches } = manualAppends();
    const first = settled(batches.add(A, [entry('1')]));
    const second = settled(batches.add(A, [entry('2')]));
    statements[0].finish(new Error('disk full'));
    expect(await first).toBe('disk full');
    await new Promise(setImmediate);
    statements[1].finish();
    expect(await second).toBe('written');
  });

  it("never holds one organization's entries behind another's", () => {
    const { statements, batches } = manualAppends();
    void batches.add(A, [entry('1')]);
    void batches.add(B, [entry('2')]);
    expect(statements.map((s) => [s.organization, s.subjects])).toEqual([
      [A, ['1']],
      [B, ['2']],
    ]);
  });
});
