import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** A DTO property whose TypeScript type includes null. */
export interface NullableField {
  schema: string;
  property: string;
}

function includesNull(type: ts.TypeNode | undefined): boolean {
  return (
    !!type &&
    ts.isUnionTypeNode(type) &&
    type.types.some(
      (member) => ts.isLiteralTypeNode(member) && member.literal.kind === ts.SyntaxKind.NullKeyword,
    )
  );
}

/** Every class of the files, with its own null-able properties and the classes it extends. */
function classesIn(files: string[]): Map<string, { own: string[]; bases: string[] }> {
  const classes = new Map<string, { own: string[]; bases: string[] }>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const node of source.statements) {
      if (!ts.isClassDeclaration(node) || !node.name) continue;
      const own = node.members
        .filter((member) => ts.isPropertyDeclaration(member) && includesNull(member.type))
        .map((member) => (member.name as ts.Identifier).text);
      const bases = (node.heritageClauses ?? []).flatMap((clause) =>
        clause.types.map((base) => base.expression.getText(source)),
      );
      classes.set(node.name.text, { own, bases });
    }
  }
  return classes;
}

/**
 * The properties the DTO classes under `root` (files named `*.dto.ts`) type as possibly null, by
 * class name (the schema name in the document); inherited ones too (`extends X`, `PartialType(X)`).
 */
export function nullableDtoFields(root: string): NullableField[] {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.dto.ts'))
    .map((file) => join(root, file));
  const classes = classesIn(files);
  const fieldsOf = (name: string, seen: Set<string>): string[] => {
    const found = classes.get(name);
    if (!found || seen.has(name)) return [];
    seen.add(name);
    const inherited = found.bases.flatMap((base) =>
      [...classes.keys()]
        .filter((candidate) => new RegExp(`\\b${candidate}\\b`).test(base))
        .flatMap((candidate) => fieldsOf(candidate, seen)),
    );
    return [...found.own, ...inherited];
  };
  return [...classes.keys()].flatMap((schema) =>
    [...new Set(fieldsOf(schema, new Set()))].map((property) => ({ schema, property })),
  );
}
