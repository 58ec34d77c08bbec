import { Injectable } from '@nestjs/common';
import {
  organizationId as brandOrganizationId,
  type OrganizationId,
} from '../tenancy/organization-id';
import { SystemDatabase } from '../tenancy/system-database';
import { TenantContext } from '../tenancy/tenant-context';

/** A survey's answers: question id to the value chosen (a number for `household_size`). */
export type SurveyAnswers = Record<string, string | number>;

/** The need a survey token opens, its organization, and whether it was answered. */
export interface SurveyOfToken {
  needId: string;
  /** The need's constituent (its SURVEY consent decides whether the survey is open). */
  constituentId: string | null;
  referenceNumber: string;
  needCreatedAt: Date;
  organizationName: string;
  organizationEnabled: boolean;
  submittedAt: Date | null;
}

export interface SurveyResponse {
  submittedAt: Date;
  answers: SurveyAnswers;
}

export interface SurveyTotalsQuery {
  /** First and last local day of submission (YYYY-MM-DD), both included; open when absent. */
  from?: string;
  to?: string;
  /** The zone those days are counted in. */
  timeZone: string;
  /** Only responses to needs now at this partner. */
  partnerId?: string;
}

/** How many responses, and how many chose each value of each question (values nobody chose absent). */
export interface SurveyTotals {
  responses: number;
  counts: { question: string; value: string; count: number }[];
}

/**
 * Survey responses, kept apart from constituents: a response names its need only, and no query here
 * reads a constituent's columns.
 */
@Injectable()
export class SurveyResponseRepository {
  constructor(
    private readonly tenant: TenantContext,
    private readonly system: SystemDatabase,
  ) {}

  /**
   * Crosses organizations (system role): the public survey finds the organization of its token
   * (need.survey_token is unique and indexed), then reads it in that organization.
   */
  async organizationOfToken(surveyToken: string): Promise<OrganizationId | null> {
    const rows: { organizationId: string }[] = await this.system.manager.query(
      `SELECT organization_id AS "organizationId" FROM need WHERE survey_token = $1`,
      [surveyToken],
    );
    return rows[0] ? brandOrganizationId(rows[0].organizationId) : null;
  }

  async findByToken(
    organizationId: OrganizationId,
    surveyToken: string,
  ): Promise<SurveyOfToken | null> {
    const rows: SurveyOfToken[] = await this.tenant.manager.query(
      `SELECT need.id AS "needId", need.constituent_id AS "constituentId",
              need.reference_number AS "referenceNumber",
              need.created_at AS "needCreatedAt", organization.name AS "organizationName",
              organization.org_status = 'ENABLED' AS "organizationEnabled",
              response.submitted_at AS "submittedAt"
         FROM need
         JOIN organization ON organization.id = need.organization_id
         LEFT JOIN survey_response response
           ON response.organization_id = need.organization_id AND response.need_id = need.id
        WHERE need.organization_id = $1 AND need.survey_token = $2`,
      [organizationId, surveyToken],
    );
    return rows[0] ?? null;
  }

  /** Records the need's response; null when it already has one. */
  async insert(
    organizationId: OrganizationId,
    needId: string,
    answers: SurveyAnswers,
  ): Promise<SurveyResponse | null> {
    const rows: SurveyResponse[] = await this.tenant.manager.query(
      `INSERT INTO survey_response (organization_id, need_id, answers) VALUES ($1, $2, $3)
       ON CONFLICT (organization_id, need_id) DO NOTHING
       RETURNING submitted_at AS "submittedAt", answers`,
      [organizationId, needId, JSON.stringify(answers)],
    );
    return rows[0] ?? null;
  }

  async findForNeed(
    organizationId: OrganizationId,
    needId: string,
  ): Promise<SurveyResponse | null> {
    const rows: SurveyResponse[] = await this.tenant.manager.query(
      `SELECT submitted_at AS "submittedAt", answers FROM survey_response
        WHERE organization_id = $1 AND need_id = $2`,
      [organizationId, needId],
    );
    return rows[0] ?? null;
  }

  /**
   * Totals of the responses submitted in the local days given (on the organization's submission-time
   * index; the partner filter reads each response's need by its key).
   */
  async totals(organizationId: OrganizationId, query: SurveyTotalsQuery): Promise<SurveyTotals> {
    const params: unknown[] = [organizationId];
    const add = (value: unknown) => `$${params.push(value)}`;
    const conditions = ['response.organization_id = $1'];
    const localMidnight = (day: string, plusDays: number) =>
      `(${add(day)}::date + ${plusDays})::timestamp AT TIME ZONE ${add(query.timeZone)}::text`;
    if (query.from) conditions.push(`response.submitted_at >= ${localMidnight(query.from, 0)}`);
    if (query.to) conditions.push(`response.submitted_at < ${localMidnight(query.to, 1)}`);
    const partner = query.partnerId
      ? `JOIN need ON need.organization_id = response.organization_id
           AND need.id = response.need_id AND need.partner_id = ${add(query.partnerId)}`
      : '';
    const rows: { question: string | null; value: string | null; count: number }[] =
      await this.tenant.manager.query(
        `WITH chosen AS (
           SELECT response.answers FROM survey_response response ${partner}
            WHERE ${conditions.join(' AND ')}
         )
         SELECT NULL::text AS question, NULL::text AS value, count(*)::int AS count FROM chosen
         UNION ALL
         SELECT answer.key, answer.value, count(*)::int
           FROM chosen, jsonb_each_text(chosen.answers) AS answer
          GROUP BY answer.key, answer.value`,
        params,
      );
    return {
      responses: rows.find((row) => row.question === null)?.count ?? 0,
      counts: rows.flatMap(({ question, value, count }) =>
        question === null ? [] : [{ question, value: value as string, count }],
      ),
    };
  }
}
