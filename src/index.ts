// src/index.ts — the package's entry: the library call, its types, and the server around it.
export { render } from './library.js';
export type * from './types.js';
export { createServer, startServer, DEFAULT_BODY_CAP } from './server.js';
export type { ServerOptions, StartOptions, RunningServer } from './server.js';
export { BUILD } from './version.js';
