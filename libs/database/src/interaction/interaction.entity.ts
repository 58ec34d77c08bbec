import type { InteractionChannel, InteractionDirection, InteractionStatus } from '@app/domain';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One email or SMS exchanged with a constituent, usually about a need. */
@Entity('interaction')
export class InteractionEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  /** Null for an SMS that arrived, or answered a keyword, while the constituent had no need. */
  @Column({ name: 'need_id', type: 'uuid', nullable: true }) needId: string | null;
  @Column({ name: 'constituent_id', type: 'uuid' }) constituentId: string;
  @Column({ type: 'text' }) channel: InteractionChannel;
  @Column({ type: 'text' }) direction: InteractionDirection;
  @Column({ type: 'text', nullable: true }) subject: string | null;
  @Column({ type: 'text' }) body: string;
  @Column({ type: 'text' }) status: InteractionStatus;
  @Column({ name: 'provider_message_id', type: 'text', nullable: true })
  providerMessageId: string | null;
  @Column({ type: 'text', nullable: true }) error: string | null;
  /** The member who sent it; null for inbound messages and automatic replies. */
  @Column({ name: 'created_by', type: 'uuid', nullable: true }) createdBy: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true }) sentAt: Date | null;
  /** When a message accepted during quiet hours goes out. */
  @Column({ name: 'scheduled_for', type: 'timestamptz', nullable: true })
  scheduledFor: Date | null;
  @Column({ type: 'int', default: 0 }) attempts: number;
  /** Set while a send attempt is with the provider; a value left behind means its outcome is unknown. */
  @Column({ name: 'dispatching_since', type: 'timestamptz', nullable: true })
  dispatchingSince: Date | null;
}
