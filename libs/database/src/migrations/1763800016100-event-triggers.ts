import { MigrationInterface, QueryRunner } from 'typeorm';

/** Decline reasons are codes; any other reason is free text, which events never carry. */
const REASON_CODES = `ARRAY['not_eligible', 'no_capacity', 'out_of_area', 'other']`;
const coded = (reason: string) => `CASE WHEN ${reason} = ANY (${REASON_CODES}) THEN ${reason} END`;

/** A trigger: its name, table, timing and the function body that emits. */
interface EventTrigger {
  name: string;
  on: string;
  /** e.g. `AFTER INSERT`, `AFTER UPDATE OF status`. */
  when: string;
  condition?: string;
  body: string;
}

const TRIGGERS: EventTrigger[] = [
  {
    // One history row per recorded move, whichever code recorded it (PATCH, SLA escalation).
    name: 'need_moved',
    on: 'need_history',
    when: 'AFTER INSERT',
    body: `
      IF NEW.kind = 'REROUTE' THEN
        PERFORM emit_webhook_event(NEW.organization_id, 'need.rerouted', jsonb_build_object(
          'needId', NEW.need_id, 'previousPartnerId', NEW.from_partner_id,
          'partnerId', NEW.to_partner_id, 'reason', ${coded('NEW.reason')}));
      ELSIF NEW.kind = 'ESCALATION' THEN
        PERFORM emit_webhook_event(NEW.organization_id, 'need.escalated', jsonb_build_object(
          'needId', NEW.need_id, 'previousPartnerId', NEW.from_partner_id,
          'partnerId', NEW.to_partner_id));
      ELSIF NEW.kind = 'ASSIGNMENT' THEN
        PERFORM emit_webhook_event(NEW.organization_id, 'need.assigned', jsonb_build_object(
          'needId', NEW.need_id,
          'assignedTo', (SELECT assigned_to FROM need
                          WHERE organization_id = NEW.organization_id AND id = NEW.need_id)));
      END IF;
      IF NEW.kind IN ('STATUS', 'ASSIGNMENT') AND NEW.from_status IS DISTINCT FROM NEW.to_status THEN
        PERFORM emit_webhook_event(NEW.organization_id, 'need.status_changed', jsonb_build_object(
          'needId', NEW.need_id, 'partnerId', NEW.to_partner_id,
          'previousStatus', NEW.from_status, 'status', NEW.to_status,
          'outcome', NEW.outcome, 'reason', ${coded('NEW.reason')}));
      END IF;`,
  },
  {
    name: 'interaction_created',
    on: 'interaction',
    when: 'AFTER INSERT',
    body: `
      PERFORM emit_webhook_event(NEW.organization_id, 'interaction.created', jsonb_build_object(
        'interactionId', NEW.id, 'needId', NEW.need_id, 'channel', NEW.channel,
        'direction', NEW.direction, 'status', NEW.status));`,
  },
  {
    name: 'interaction_status_changed',
    on: 'interaction',
    when: 'AFTER UPDATE OF status',
    condition: 'OLD.status IS DISTINCT FROM NEW.status',
    body: `
      PERFORM emit_webhook_event(NEW.organization_id, 'interaction.status_changed',
        jsonb_build_object('interactionId', NEW.id, 'needId', NEW.need_id,
          'channel', NEW.channel, 'previousStatus', OLD.status, 'status', NEW.status));`,
  },
  {
    name: 'constituent_opt_out_changed',
    on: 'constituent',
    when: 'AFTER UPDATE OF sms_opted_out',
    condition: 'OLD.sms_opted_out IS DISTINCT FROM NEW.sms_opted_out',
    body: `
      PERFORM emit_webhook_event(NEW.organization_id,
        CASE WHEN NEW.sms_opted_out THEN 'constituent.opted_out' ELSE 'constituent.opted_in' END,
        jsonb_build_object('constituentId', NEW.id));`,
  },
  {
    name: 'constituent_merged',
    on: 'constituent',
    when: 'AFTER UPDATE OF merged_into_id',
    condition: 'OLD.merged_into_id IS NULL AND NEW.merged_into_id IS NOT NULL',
    body: `
      PERFORM emit_webhook_event(NEW.organization_id, 'constituent.merged', jsonb_build_object(
        'sourceConstituentId', NEW.id, 'targetConstituentId', NEW.merged_into_id));`,
  },
  {
    name: 'household_match_created',
    on: 'household_match',
    when: 'AFTER INSERT',
    body: `
      PERFORM emit_webhook_event(NEW.organization_id, 'household_match.created',
        jsonb_build_object('matchId', NEW.id, 'constituentId', NEW.constituent_id,
          'candidateConstituentId', NEW.candidate_constituent_id, 'score', NEW.score));`,
  },
  {
    name: 'provisioning_step_changed',
    on: 'telephony_provisioning_step',
    when: 'AFTER UPDATE OF status',
    condition: 'OLD.status IS DISTINCT FROM NEW.status',
    body: `
      PERFORM emit_webhook_event(NEW.organization_id, 'provisioning.updated', jsonb_build_object(
        'state', provisioning_state(NEW.organization_id), 'step', NEW.name,
        'stepStatus', NEW.status));`,
  },
  {
    name: 'provisioning_completed',
    on: 'telephony_provisioning',
    when: 'AFTER UPDATE OF completed_at',
    condition: 'OLD.completed_at IS NULL AND NEW.completed_at IS NOT NULL',
    body: `
      PERFORM emit_webhook_event(NEW.organization_id, 'provisioning.updated', jsonb_build_object(
        'state', 'COMPLETED', 'step', NULL, 'stepStatus', NULL));`,
  },
];

/**
 * The outbound events of every change but intake (1763800016000), each emitted by a trigger on the
 * row the change writes: in the change's own statement and transaction, exactly once per change,
 * whichever code path (API, worker, provider webhook) writes it. Payloads carry ids, statuses and
 * codes only: a free-text reason is left out.
 */
export class EventTriggers1763800016100 implements MigrationInterface {
  name = 'EventTriggers1763800016100';

  async up(q: QueryRunner): Promise<void> {
    // The provisioning state as the API reports it (NOT_STARTED is never an update).
    await q.query(`
      CREATE FUNCTION provisioning_state(organization uuid) RETURNS text LANGUAGE sql STABLE AS $$
        SELECT CASE
          WHEN (SELECT completed_at FROM telephony_provisioning
                 WHERE organization_id = organization) IS NOT NULL THEN 'COMPLETED'
          WHEN bool_or(status = 'FAILED') THEN 'FAILED'
          WHEN bool_or(status = 'WAITING') THEN 'WAITING'
          ELSE 'RUNNING' END
          FROM telephony_provisioning_step WHERE organization_id = organization
      $$`);
    for (const trigger of TRIGGERS) {
      await q.query(`
        CREATE FUNCTION emit_${trigger.name}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN ${trigger.body}
          RETURN NULL;
        END $$`);
      await q.query(
        `CREATE TRIGGER ${trigger.name}_event ${trigger.when} ON ${trigger.on} FOR EACH ROW
          ${trigger.condition ? `WHEN (${trigger.condition})` : ''}
          EXECUTE FUNCTION emit_${trigger.name}()`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const trigger of [...TRIGGERS].reverse()) {
      await q.query(`DROP TRIGGER ${trigger.name}_event ON ${trigger.on}`);
      await q.query(`DROP FUNCTION emit_${trigger.name}()`);
    }
    await q.query(`DROP FUNCTION provisioning_state(uuid)`);
  }
}
