export interface BenchContext {
  baseUrl: string;
  /** The API process (bench-server's child), for sampling its memory. */
  serverPid: number;
  databaseUrl: string;
  organizationId: string;
  adminEmail: string;
  adminPassword: string;
  adminToken: string;
}
