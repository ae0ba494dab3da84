import type { Server } from 'node:http';

/** The proxy of `npm run cluster` (round-robin-proxy.mjs), typed for the tests that import it. */
export function startProxy(options: { port: number; host?: string; backends: number[] }): Promise<Server>;
