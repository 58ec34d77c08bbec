import type { ConstituentSearch } from '@app/domain';

/** A name found only through its alias (a nickname's canonical form) ranks a little below. */
const ALIAS_DISCOUNT = 0.9;

/**
 * Trigram similarity thresholds for a name of several words: close matches (≥ 0.6) when there are
 * any, else looser ones (≥ 0.3, heavier typos). The close pass keeps a common given name or surname
 * from pulling thousands of rows out of the GIN index at 1M constituents.
 */
const NAME_THRESHOLDS = [0.6, 0.3];

const LIVE = 'c.organization_id = $1 AND c.merged_into_id IS NULL';

export interface ConstituentSearchSql {
  sql: string;
  parameters: unknown[];
  /**
   * Run the statement with each pg_trgm.similarity_threshold in turn until it finds rows; null: as
   * set. A threshold is set for the rest of the transaction (the passes must share one).
   */
  thresholds: (number | null)[];
  /**
   * Its operators are not LEAKPROOF (citext equality, pg_trgm similarity): under row-level security
   * PostgreSQL cannot use the index, so ConstituentRepository runs it as the system role (it names
   * its organization and returns ids only) and reads the rows by id through the tenant.
   */
  indexedSearch: boolean;
}

function nameSql(search: Extract<ConstituentSearch, { kind: 'name' }>): {
  match: string;
  score: string;
} {
  if (search.singleWord) {
    return {
      match: `$3 <% c.name_key OR $4 <% c.alias_key`,
      score: `greatest(word_similarity($3, c.name_key), ${ALIAS_DISCOUNT} * word_similarity($4, c.alias_key))`,
    };
  }
  return {
    match: `c.name_key % $3 OR c.alias_key % $4`,
    score: `greatest(similarity(c.name_key, $3), ${ALIAS_DISCOUNT} * similarity(c.alias_key, $4))`,
  };
}

/**
 * One index-backed statement returning the ids of the best matches, best first: email (citext
 * btree), phone digits (btree), a need's reference number (need's unique index), or a name by
 * trigram similarity on name_key and alias_key (GIN; typo-tolerant, any word order, nicknames).
 */
export function constituentSearchSql(
  organizationId: string,
  search: ConstituentSearch,
  limit: number,
): ConstituentSearchSql {
  const newestFirst = 'ORDER BY c.created_at DESC, c.id DESC LIMIT $3';
  switch (search.kind) {
    case 'email':
      return {
        sql: `SELECT c.id FROM constituent c WHERE ${LIVE} AND c.email = $2 ${newestFirst}`,
        parameters: [organizationId, search.email, limit],
        thresholds: [null],
        indexedSearch: true,
      };
    case 'phone':
      return {
        sql: `SELECT c.id FROM constituent c WHERE ${LIVE} AND c.phone_digits = ANY ($2::text[]) ${newestFirst}`,
        parameters: [organizationId, search.phoneDigits, limit],
        thresholds: [null],
        indexedSearch: false,
      };
    case 'reference':
      return {
        sql: `SELECT c.id FROM need n
                JOIN constituent c ON c.organization_id = n.organization_id AND c.id = n.constituent_id
               WHERE n.organization_id = $1 AND n.reference_number = $2 AND c.merged_into_id IS NULL
               LIMIT $3`,
        parameters: [organizationId, search.referenceNumber, limit],
        thresholds: [null],
        indexedSearch: false,
      };
    case 'name': {
      const { match, score } = nameSql(search);
      return {
        sql: `SELECT c.id FROM constituent c WHERE ${LIVE} AND (${match})
               ORDER BY ${score} DESC, c.name_key, c.id LIMIT $2`,
        parameters: [organizationId, limit, search.name, search.alias],
        thresholds: search.singleWord ? [null] : NAME_THRESHOLDS,
        indexedSearch: true,
      };
    }
  }
}
