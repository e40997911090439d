// passes/names/forms.ts — names pass, form fields (issue 11): every field's full name is its own
// (a name given twice is refused naming both places; a radio group is one field however many
// buttons), no field is both a value and the parent of another (`billing` beside `billing.city`),
// and the font of a field that shows text is found — a declared font, else a face of the service's
// library, else refused; a field naming none takes the library's Noto Sans (docs/reference.md,
// "Form fields").

import { isColourFace, loadFace } from '../../engines/fonts/face.js';
import { LIBRARY_FACES, libraryFile } from '../../engines/fonts/library.js';
import { programOf, StyledFont } from '../../engines/fonts/styled-font.js';
import { isField } from '../../ir/form-types.js';
import { refuse } from '../../ir/messages.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { FontResource, Item } from '../../ir/types.js';

/** The face a field naming no font is set in. */
export const DEFAULT_FIELD_FACE = 'noto_sans';

/** Kinds whose widgets show text in a font (/DA); check boxes and radio buttons draw vector marks. */
const TEXT_KINDS: ReadonlySet<string> = new Set(['text_field', 'choice_field', 'push_button']);

/** Refuses a full name given twice, and a name that is also another's parent. */
export function checkFieldNames(items: readonly Item[]): void {
  const names = new Map<string, JsonPointer>();
  for (const item of items) {
    if (!isField(item)) continue;
    const earlier = names.get(item.name);
    if (earlier !== undefined) refuse('fieldNameTwice', item.nameAt, { name: item.name, at: item.nameAt, earlier });
    names.set(item.name, item.nameAt);
  }
  for (const item of items) {
    if (!isField(item)) continue;
    const parts = item.name.split('.');
    for (let i = 1; i < parts.length; i++) {
      const parent = parts.slice(0, i).join('.');
      const at = names.get(parent);
      if (at !== undefined) refuse('fieldNameParent', at, { name: parent, at, child: item.name, childAt: item.nameAt });
    }
  }
}

/**
 * Finds the font of every field that shows text: `fonts` (every declared kind) first, then the
 * library's faces, loaded once each and added to `fonts` marked implicit (no declaration, no remark).
 */
export function resolveFieldFonts(items: readonly Item[], fonts: Map<string, FontResource>): void {
  const library = new Map<string, FontResource>();
  for (const item of items) {
    // a signed signature field shows its signer and date (issue 24)
    const signed = item.type === 'signature_field' && !!item.sign;
    if (!isField(item) || !(TEXT_KINDS.has(item.type) || signed)) continue;
    const name = item.font?.name ?? DEFAULT_FIELD_FACE;
    const at = item.font?.at ?? item.at;
    const declared = item.font ? fonts.get(name) : undefined;
    if (declared) {
      // A reader redraws a field's text from /DA in one colour: a colour font's layers would be lost.
      if (isColourFace(programOf(declared.face)))
        refuse('fontRefKind', at, {
          font: name,
          at,
          kind: 'a colour font (COLR layers)',
          list: 'a form field',
          wanted: 'a font without colour layers, since a reader redraws field text in one colour',
        });
      item.fontRes = declared;
      continue;
    }
    let res = library.get(name);
    if (!res) {
      const bytes = libraryFile(name);
      if (!bytes) refuse('fieldFontUnknown', at, { font: name, at, faces: Object.keys(LIBRARY_FACES).join(', ') });
      const loaded = loadFace(bytes);
      // The service's own files always load; a failure here is ours (a 500), not the client's.
      if (!loaded.ok) throw new Error(`the library face ${name} does not load: ${loaded.detail}`);
      // Keyed so it never takes the place of a declaration: a declared font of the same name wins above.
      let key = name;
      while (fonts.has(key)) key += ' (library)';
      const face = new StyledFont(loaded.face, undefined, { kind: 'refuse' }, { name, at, sourceAt: at });
      res = { name: key, at, face, implicit: true };
      fonts.set(key, res);
      library.set(name, res);
    }
    item.fontRes = res;
  }
}
