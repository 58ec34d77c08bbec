import type { EmailProviderName, MailgunRegion } from '@assist/contracts';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** An organization's transactional email provider. The API key is stored only encrypted. */
@Entity('organization_email_settings')
export class OrganizationEmailSettingsEntity {
  @PrimaryColumn({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ type: 'text' }) provider: EmailProviderName;
  @Column({ name: 'api_key_ciphertext', type: 'bytea' }) apiKeyCiphertext: Buffer;
  @Column({ name: 'api_key_key_id', type: 'text' }) apiKeyKeyId: string;
  @Column({ name: 'api_key_last4', type: 'text' }) apiKeyLast4: string;
  @Column({ name: 'from_email', type: 'text' }) fromEmail: string;
  @Column({ name: 'from_name', type: 'text', nullable: true }) fromName: string | null;
  @Column({ type: 'text', nullable: true }) domain: string | null;
  @Column({ type: 'text', nullable: true }) region: MailgunRegion | null;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
