import { createServer } from 'node:http';
import { Pool } from 'pg';

/**
 * The yardsticks of issue 5: plain node:http + pg, one INSERT (`insert`) or one SELECT of 50 needs
 * (`select`) per request, no framework. Run as its own process: `node reference-server.js MODE`.
 */
const mode = process.argv[2];
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const organizationId = process.env.BENCH_ORGANIZATION_ID;

const INSERT = `INSERT INTO bench_reference_insert (organization_id, description, custom_fields)
                VALUES ($1, $2, $3) RETURNING id, created_at`;
const SELECT = `SELECT * FROM need WHERE organization_id = $1 ORDER BY created_at DESC, id DESC LIMIT 50`;

async function handle(body: string): Promise<unknown> {
  if (mode === 'insert') {
    const parsed = JSON.parse(body || '{}') as { description?: string };
    return (await pool.query(INSERT, [organizationId, parsed.description ?? '', '{}'])).rows[0];
  }
  return (await pool.query(SELECT, [organizationId])).rows;
}

createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    handle(body).then(
      (result) => {
        response.writeHead(mode === 'insert' ? 201 : 200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(result));
      },
      (error: Error) => {
        response.writeHead(500);
        response.end(error.message);
      },
    );
  });
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
