/** What other features use of constituents. */
export * from './consent.dto';
export * from './constituent-consents';
export * from './constituent-intake.service';
export * from './constituent-merge.service';
export * from './constituent-records';
export * from './constituent.dto';
export * from './constituents.module';
export * from './contact.dto';
export * from './household-match.dto';
export * from './shared-contact-points';
