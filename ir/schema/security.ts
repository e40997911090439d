// ir/schema/security.ts — schema of `encryption` (issue 24; docs/reference.md, "encryption"). Shapes
// only: equal passwords and lengths are refused by ir/read/security.ts, claims beside encryption by
// passes/cross-refusals/security.ts.
import { PERMISSIONS } from '../security-types.js';

export const securitySchemas = {
  encryption: {
    type: 'object',
    required: ['owner_password'],
    properties: {
      user_password: { type: 'string' },
      owner_password: { type: 'string', minLength: 1 },
      permissions: { type: 'array', uniqueItems: true, items: { enum: [...PERMISSIONS] } },
    },
  },
} as const;
