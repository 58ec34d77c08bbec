import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A volunteer's shift, optionally at a partner. A volunteer's shifts never overlap. */
@Entity('volunteer_shift')
export class VolunteerShiftEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ name: 'volunteer_user_id', type: 'uuid' }) volunteerUserId: string;
  @Column({ name: 'partner_id', type: 'uuid', nullable: true }) partnerId: string | null;
  @Column({ name: 'start_time', type: 'timestamptz' }) startTime: Date;
  @Column({ name: 'end_time', type: 'timestamptz' }) endTime: Date;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
