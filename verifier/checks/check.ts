// verifier/checks/check.ts — what every check receives: the loaded PDF, the walk of what it draws,
// and `add` to record a fact. Checks never know which standard is asked: bindings decide.

import type { Loaded } from '../cos.js';
import type { Fact, FactCode } from '../model.js';
import type { Usage } from './walk.js';

export interface CheckContext {
  l: Loaded;
  u: Usage;
  add(code: FactCode, object: string, args?: Fact['args'], where?: string): void;
}

export type Check = (c: CheckContext) => void;
