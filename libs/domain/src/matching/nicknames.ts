import { NICKNAME_SOURCES } from './nickname-groups';

const NICKNAME_GROUPS = NICKNAME_SOURCES.flatMap(({ groups }) => groups);

const GROUPS_OF = new Map<string, number[]>();
NICKNAME_GROUPS.forEach((group, index) => {
  for (const name of group) GROUPS_OF.set(name, [...(GROUPS_OF.get(name) ?? []), index]);
});

/** Whether two folded given names are forms of one name (bill and william). */
export function areNicknames(a: string, b: string): boolean {
  const groups = GROUPS_OF.get(a);
  return (
    a === b || (groups !== undefined && groups.some((group) => NICKNAME_GROUPS[group].includes(b)))
  );
}

/** The name a folded given name stands for: the first form of its first group (bill → william). */
export function canonicalName(name: string): string {
  const groups = GROUPS_OF.get(name);
  return groups ? NICKNAME_GROUPS[groups[0]][0] : name;
}
