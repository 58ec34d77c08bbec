import { Module } from '@nestjs/common';
import { DatabaseModule } from '@app/database';
import { AuditEventsController } from './audit-events.controller';
import { AuditEventsService } from './audit-events.service';

/** Reading and verifying the access audit log (AuditLog, in @app/database, writes it). */
@Module({
  imports: [DatabaseModule.forFeature()],
  controllers: [AuditEventsController],
  providers: [AuditEventsService],
})
export class AuditModule {}
