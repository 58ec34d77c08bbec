import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { ContactPoint } from '@app/domain';

export const SHARED_CONTACT_SOURCES = ['MARKED', 'DETECTED'] as const;
export type SharedContactSource = (typeof SHARED_CONTACT_SOURCES)[number];

/**
 * What an organization knows of one contact point (an address, phone or email): whether it is
 * shared by unrelated people (a shelter, an agency), as detected from its constituents (DETECTED,
 * kept up to date as they are created and updated) or as an admin said (MARKED, which detection
 * never overrides; `shared` false marks a point as no shared location). A point has at most one
 * entry of each source; a mark leaves the detection beside it as it was. `key` is the normalized
 * point (see contactPointKey); phone, email and address are as given.
 */
@Entity('shared_contact')
export class SharedContactEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ type: 'text' }) kind: ContactPoint;
  @Column({ type: 'text' }) key: string;
  @Column({ type: 'text', nullable: true }) phone: string | null;
  @Column({ type: 'citext', nullable: true }) email: string | null;
  @Column({ name: 'address_street', type: 'text', nullable: true }) addressStreet: string | null;
  @Column({ name: 'address_zip', type: 'text', nullable: true }) addressZip: string | null;
  @Column({ type: 'boolean' }) shared: boolean;
  @Column({ type: 'text' }) source: SharedContactSource;
  @Column({ type: 'text', nullable: true }) label: string | null;
  @Column({ name: 'marked_by', type: 'uuid', nullable: true }) markedBy: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
