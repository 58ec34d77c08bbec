export interface BenchContext {
  baseUrl: string;
  databaseUrl: string;
  organizationId: string;
  adminEmail: string;
  adminPassword: string;
  adminToken: string;
}
