// src/index.ts — the package's entry: the library call, its types, and the server around it.
export { render } from './library.js';
export type { RunningServer, ServerOptions, StartOptions } from './server.js';
export { createServer, DEFAULT_BODY_CAP, startServer } from './server.js';
export type * from './types.js';
export { BUILD } from './version.js';
