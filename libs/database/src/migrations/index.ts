import { Foundation1763800000000 } from './1763800000000-foundation';
import { Partners1763800001000 } from './1763800001000-partners';
import { VolunteerShifts1763800001500 } from './1763800001500-volunteer-shifts';
import { EmailSettings1763800002000 } from './1763800002000-email-settings';
import { Constituents1763800003000 } from './1763800003000-constituents';
import { Needs1763800004000 } from './1763800004000-needs';
import { Messaging1763800005000 } from './1763800005000-messaging';
import { RowLevelSecurity1763800006000 } from './1763800006000-row-level-security';
import { IdempotencyResponses1763800006500 } from './1763800006500-idempotency-responses';
import { DurableIdempotencyClaims1763800007000 } from './1763800007000-durable-idempotency-claims';
import { MemberChangeNotifications1763800008000 } from './1763800008000-member-change-notifications';
import { OrganizationScopedNameSearch1763800009000 } from './1763800009000-organization-scoped-name-search';
import { OrganizationScopedNeedSearch1763800009500 } from './1763800009500-organization-scoped-need-search';
import { TelephonyProvisioning1763800012000 } from './1763800012000-telephony-provisioning';
import { SurveyResponses1763800013000 } from './1763800013000-survey-responses';
import { SharedContactPoints1763800014000 } from './1763800014000-shared-contact-points';
import { SharedRateLimits1763800015000 } from './1763800015000-shared-rate-limits';
import { OrganizationChangeNotifications1763800015500 } from './1763800015500-organization-change-notifications';
import { EventSubscriptions1763800016000 } from './1763800016000-event-subscriptions';
import { EventTriggers1763800016100 } from './1763800016100-event-triggers';
import { EventRetention1763800016500 } from './1763800016500-event-retention';
import { IntakeStatements1763800017000 } from './1763800017000-intake-statements';
import { JobQueueSchema1763800017500 } from './1763800017500-job-queue-schema';
import { SharedContactMarksBesideDetections1763800017800 } from './1763800017800-shared-contact-marks-beside-detections';
import { FairEventDeliveries1763800018300 } from './1763800018300-fair-event-deliveries';
import { AuditEvents1763800019000 } from './1763800019000-audit-events';
import { MergeUndo1763800019500 } from './1763800019500-merge-undo';
import { ConstituentConsents1763800020000 } from './1763800020000-constituent-consents';
import { ConstituentErasure1763800021000 } from './1763800021000-constituent-erasure';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [
  Foundation1763800000000,
  Partners1763800001000,
  VolunteerShifts1763800001500,
  EmailSettings1763800002000,
  Constituents1763800003000,
  Needs1763800004000,
  Messaging1763800005000,
  RowLevelSecurity1763800006000,
  IdempotencyResponses1763800006500,
  DurableIdempotencyClaims1763800007000,
  MemberChangeNotifications1763800008000,
  OrganizationScopedNameSearch1763800009000,
  OrganizationScopedNeedSearch1763800009500,
  TelephonyProvisioning1763800012000,
  SurveyResponses1763800013000,
  SharedContactPoints1763800014000,
  SharedRateLimits1763800015000,
  OrganizationChangeNotifications1763800015500,
  EventSubscriptions1763800016000,
  EventTriggers1763800016100,
  EventRetention1763800016500,
  IntakeStatements1763800017000,
  JobQueueSchema1763800017500,
  SharedContactMarksBesideDetections1763800017800,
  FairEventDeliveries1763800018300,
  AuditEvents1763800019000,
  MergeUndo1763800019500,
  ConstituentConsents1763800020000,
  ConstituentErasure1763800021000,
];
