import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const TELEPHONY_DIRECTIONS = ['inbound', 'outbound'] as const;
export type TelephonyDirection = (typeof TELEPHONY_DIRECTIONS)[number];

/**
 * One event of an SMS at the provider: our send, and each inbound message or status webhook.
 * Money fields are kept as the provider's decimal strings.
 */
@Entity('telephony_detail_record')
export class TelephonyDetailRecordEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ name: 'interaction_id', type: 'uuid', nullable: true }) interactionId: string | null;
  /** The webhook event's id: a redelivered event is recorded once. */
  @Column({ name: 'provider_event_id', type: 'text', nullable: true })
  providerEventId: string | null;
  @Column({ name: 'provider_message_id', type: 'text', nullable: true })
  providerMessageId: string | null;
  @Column({ type: 'text' }) direction: TelephonyDirection;
  /** Calling line: the sending address. */
  @Column({ type: 'text' }) cli: string;
  /** Called line: the receiving address. */
  @Column({ type: 'text' }) cld: string;
  @Column({ name: 'message_type', type: 'text', nullable: true }) messageType: string | null;
  @Column({ type: 'text' }) status: string;
  @Column({ name: 'delivery_status', type: 'text', nullable: true }) deliveryStatus: string | null;
  @Column({ type: 'text', nullable: true }) carrier: string | null;
  @Column({ name: 'carrier_fee', type: 'text', nullable: true }) carrierFee: string | null;
  @Column({ type: 'text', nullable: true }) rate: string | null;
  @Column({ type: 'text' }) cost: string;
  @Column({ type: 'text', nullable: true }) currency: string | null;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true }) sentAt: Date | null;
}
