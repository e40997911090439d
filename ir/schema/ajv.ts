// ir/schema/ajv.ts — the one ajv instance every schema is compiled with (once, at load).
import { Ajv } from 'ajv';

export const ajv = new Ajv({ allErrors: false, strict: false });
