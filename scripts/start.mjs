// `npm start`: build the web app when its build is missing or older than its sources, then run the server
// in this same process (so SIGTERM/SIGINT reach its graceful shutdown directly).
import path from 'node:path';
import { ensureWebBuild, root } from './web-build.mjs';

ensureWebBuild();
const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'server/src/main.ts'));
