// Serve a built site as a static host would (see tools/server.mjs): node tools/serve.mjs DIR [PORT]
import { resolve } from 'node:path';
import { serve } from './server.mjs';

const [dir = 'dist', port = '8080'] = process.argv.slice(2);
const server = await serve(resolve(dir), '/', { port: Number(port) });
console.log(`serving ${dir} on ${server.url}`);
