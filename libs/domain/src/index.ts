export * from './needs';
export * from './constituents';
export * from './matching';
export * from './messaging';
export * from './us-states';
export * from './audit/audit-chain';
export * from './audit/changed-fields';
