import type { ConstituentSearch } from '@app/domain';
import { SHARED_WITH_PARTNERS_SQL } from '../consent/constituent-consent.repository';
import { NeedVisibility, SqlParams, visibilityConditions } from '../need/need-visibility';

/** A name found only through its alias (a nickname's canonical form) ranks a little below. */
const ALIAS_DISCOUNT = 0.9;

/**
 * Trigram similarity thresholds for a name of several words: close matches (≥ 0.6) when there are
 * any, else looser ones (≥ 0.3, heavier typos). The close pass keeps a common given name or surname
 * from pulling thousands of rows out of the GIN index at 1M constituents.
 */
const NAME_THRESHOLDS = [0.6, 0.3];

/**
 * A single word is matched against the words of the names: first closely (word similarity ≥ 0.6:
 * the word, a name it begins, a light typo in a long word), else, when nothing is that close and
 * the word has at least five letters, against whole words (strict word similarity ≥ 0.4: one
 * wrong, missing or extra letter, "whitacker" for whitaker, "garsia" for garcia). A shorter word
 * shares too few trigrams with any other word for a loose match to mean anything ("lei" would find
 * every "le", "lea" and "leo"), so a short common name never pulls in a flood of weak matches.
 */
const CLOSE_WORD_THRESHOLD = 0.6;
const WHOLE_WORD_THRESHOLD = 0.4;
const WHOLE_WORD_MIN_LENGTH = 5;

const LIVE = 'c.organization_id = $1 AND c.merged_into_id IS NULL';

/** The live constituents a search may return; `sharedOnly`: those consenting to SHARE_WITH_PARTNERS. */
function searchable(sharedOnly: boolean, live = LIVE): string {
  return sharedOnly ? `${live} AND ${SHARED_WITH_PARTNERS_SQL}` : live;
}

/** A pg_trgm threshold setting, set for the rest of the transaction before a pass runs. */
export interface TrigramThreshold {
  setting:
    'similarity_threshold' | 'word_similarity_threshold' | 'strict_word_similarity_threshold';
  value: number;
}

/** One statement returning ids, best first, and the threshold it needs set (null: none). */
export interface SearchPass {
  sql: string;
  parameters: unknown[];
  threshold: TrigramThreshold | null;
}

export interface ConstituentSearchSql {
  /** Run in turn until one finds rows (a name: closely first, then loosely). */
  passes: SearchPass[];
  /**
   * Its operators are not LEAKPROOF (citext equality, pg_trgm similarity): under row-level security
   * PostgreSQL cannot use the index, so ConstituentRepository runs it as the system role (it names
   * its organization and returns ids only) and reads the rows by id through the tenant.
   */
  indexedSearch: boolean;
}

/** The trigram operator and score of a name pass, on name_key ($3) and alias_key ($4). */
interface NameMatch {
  operator: string;
  similarity: string;
  threshold: TrigramThreshold;
}

const CLOSE_WORD: NameMatch = {
  operator: '<%',
  similarity: 'word_similarity',
  threshold: { setting: 'word_similarity_threshold', value: CLOSE_WORD_THRESHOLD },
};

const WHOLE_WORD: NameMatch = {
  operator: '<<%',
  similarity: 'strict_word_similarity',
  threshold: { setting: 'strict_word_similarity_threshold', value: WHOLE_WORD_THRESHOLD },
};

function nameMatches(search: Extract<ConstituentSearch, { kind: 'name' }>): NameMatch[] {
  if (search.singleWord) {
    return search.name.length >= WHOLE_WORD_MIN_LENGTH ? [CLOSE_WORD, WHOLE_WORD] : [CLOSE_WORD];
  }
  return NAME_THRESHOLDS.map((value) => ({
    operator: '%',
    similarity: 'similarity',
    threshold: { setting: 'similarity_threshold', value },
  }));
}

/** One name pass: the search text ($3) and its alias ($4) against name_key and alias_key. */
function namePass(
  organizationId: string,
  limit: number,
  search: Extract<ConstituentSearch, { kind: 'name' }>,
  match: NameMatch,
  sharedOnly: boolean,
): SearchPass {
  const { operator, similarity } = match;
  return {
    sql: `SELECT c.id FROM constituent c WHERE ${searchable(sharedOnly)} AND ($3 ${operator} c.name_key OR $4 ${operator} c.alias_key)
           ORDER BY greatest(${similarity}($3, c.name_key), ${ALIAS_DISCOUNT} * ${similarity}($4, c.alias_key)) DESC,
                    c.name_key, c.id
           LIMIT $2`,
    parameters: [organizationId, limit, search.name, search.alias],
    threshold: match.threshold,
  };
}

/**
 * The constituent of the need with the reference number, if the caller may see that need (the
 * visibility's conditions name the columns of `need`, the subquery's table).
 */
function referencePass(
  organizationId: string,
  referenceNumber: string,
  limit: number,
  needs: NeedVisibility,
  sharedOnly: boolean,
): SearchPass {
  const params = new SqlParams();
  const organization = params.add(organizationId);
  const conditions = [
    `organization_id = ${organization}`,
    `reference_number = ${params.add(referenceNumber)}`,
    ...visibilityConditions(needs, params),
  ];
  return {
    sql: `SELECT c.id FROM constituent c
           WHERE ${searchable(sharedOnly, `c.organization_id = ${organization} AND c.merged_into_id IS NULL`)}
             AND c.id IN (SELECT constituent_id FROM need WHERE ${conditions.join(' AND ')})
           LIMIT ${params.add(limit)}`,
    parameters: params.values,
    threshold: null,
  };
}

/**
 * The index-backed statements returning the ids of the best matches, best first: email (citext
 * btree), phone digits (btree), a need's reference number among the needs the caller may see
 * (need's unique index), or a name by trigram similarity on name_key and alias_key (GIN;
 * typo-tolerant, any word order, nicknames). `sharedOnly` keeps to constituents that currently
 * consent to SHARE_WITH_PARTNERS.
 */
export function constituentSearchSql(
  organizationId: string,
  search: ConstituentSearch,
  limit: number,
  needs: NeedVisibility,
  sharedOnly = false,
): ConstituentSearchSql {
  const newestFirst = 'ORDER BY c.created_at DESC, c.id DESC LIMIT $3';
  switch (search.kind) {
    case 'email':
      return {
        passes: [
          {
            sql: `SELECT c.id FROM constituent c WHERE ${searchable(sharedOnly)} AND c.email = $2 ${newestFirst}`,
            parameters: [organizationId, search.email, limit],
            threshold: null,
          },
        ],
        indexedSearch: true,
      };
    case 'phone':
      return {
        passes: [
          {
            sql: `SELECT c.id FROM constituent c WHERE ${searchable(sharedOnly)} AND c.phone_digits = ANY ($2::text[]) ${newestFirst}`,
            parameters: [organizationId, search.phoneDigits, limit],
            threshold: null,
          },
        ],
        indexedSearch: false,
      };
    case 'reference':
      return {
        passes: [referencePass(organizationId, search.referenceNumber, limit, needs, sharedOnly)],
        indexedSearch: false,
      };
    case 'name':
      return {
        passes: nameMatches(search).map((match) =>
          namePass(organizationId, limit, search, match, sharedOnly),
        ),
        indexedSearch: true,
      };
  }
}
