// verifier/checks/catalog.ts — catalog entries the PDF/A parts rule on that no other check reads:
// Requirements (ISO 19005-2/3 §6.11, 19005-4 §6.12) and the Version the catalog states (19005-4 §6.1.12,
// a PDF 2.n file).
import { get, has, nameOf } from '../cos.js';
import type { Check } from './check.js';

export const catalog: Check = ({ l, add }) => {
  const cat = l.catalog;
  if (has(cat, 'Requirements')) add('catalog-requirements', 'CosDocument');
  const version = get(l.context, cat, 'Version');
  if (version !== undefined) add('catalog-version', 'PDDocument', { version: nameOf(version) ?? version.toString() });
};
