import type { FastifyInstance } from 'fastify';

/**
 * Listens, and on SIGTERM or SIGINT (the run stopping a server between scenarios) closes the server, then
 * what it holds (`release`: a pool, a database), then exits.
 */
export async function serve(app: FastifyInstance, port: number, host: string, release: () => Promise<void>) {
  const shutdown = async () => {
    await app.close();
    await release();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  await app.listen({ port, host });
}
