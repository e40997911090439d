// ir/read/forms.ts — reading, the six form-field items (issue 11; docs/reference.md, "Form fields").
// The schema (ir/schema/forms.ts) has run on the item; this turns it into field IR and refuses what
// one field contradicts in itself (comb without max_length, a value the field cannot hold, a radio
// value no button carries…). Names across fields and fonts are the names pass's (passes/forms/).
import type { ValidateFunction } from 'ajv';
import type * as D from '../description.generated.js';
import { type FieldBase, type FieldBorder, type FieldItem, quarterTurnOf, type SignSpec } from '../form-types.js';
import { refuse } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import { formItemSchemas } from '../schema/forms.js';
import { Secret } from '../security-types.js';
import type { Colour, ItemBase } from '../types.js';
import { lazyValidator, readColour, readRect } from './common.js';
import type { ItemReader, RawItem } from './items.js';
import { TargetReader } from './navigation.js';

type FieldKind = FieldItem['type'];
/** A field item as sent, of any of the six kinds. */
type RawField = RawItem<FieldKind>;

/** The name PDF gives the off state of a check box or radio button (ISO 32000-1 §12.7.4.2.3). */
export const OFF_STATE = 'Off';

const BLACK: Colour = { space: 'gray', c: [0] };

function readBorder(raw: D.FieldBorder | undefined, p: JsonPointer): FieldBorder {
  const b = raw ?? {};
  const dash = b.dash;
  if (dash?.every((x) => x === 0)) refuse('dashAllZero', at(p, 'dash'), { key: at(p, 'dash') });
  return {
    color: b.color === undefined ? BLACK : readColour(b.color, at(p, 'color')),
    width: b.width ?? 1,
    style: b.style ?? 'solid',
    dash: dash ?? [3],
  };
}

/** A full field name: parts separated by dots, none empty (a PDF partial name holds no dot). */
function readName(raw: RawField, p: JsonPointer): string {
  const name = raw.name;
  if (name.split('.').some((part) => part.length === 0))
    refuse('fieldNameSegment', at(p, 'name'), { name, at: at(p, 'name') });
  return name;
}

function common(raw: RawField, base: ItemBase): FieldBase {
  const p = base.at;
  return Object.assign({}, base, {
    // `rotate` of a field is its /MK /R, not the common rotation matrix (docs/reference.md).
    rotate: undefined,
    rotateAt: undefined,
    name: readName(raw, p),
    nameAt: at(p, 'name'),
    rect: raw.rect === undefined ? undefined : readRect(raw.rect, at(p, 'rect')),
    tooltip: raw.tooltip,
    readOnly: raw.read_only === true,
    required: raw.required === true,
    noExport: raw.no_export === true,
    font: typeof raw.font === 'string' ? { at: at(p, 'font'), name: raw.font } : undefined,
    fontSize: raw.font_size ?? 0,
    color: raw.color === undefined ? BLACK : readColour(raw.color, at(p, 'color')),
    border: readBorder(raw.border, at(p, 'border')),
    background: raw.background === undefined ? undefined : readColour(raw.background, at(p, 'background')),
    align: raw.align ?? 'left',
    turn: raw.rotate ?? 0,
  });
}

function together(p: JsonPointer, a: string, b: string, why: string): never {
  refuse('fieldKeysTogether', at(p, b), { key: at(p, a), other: at(p, b), reason: why });
}

function notOff(v: string, p: JsonPointer): string {
  if (v === OFF_STATE) refuse('fieldValueOff', p, { key: p });
  return v;
}

function readTextField(raw: D.TextFieldItem, f: FieldBase): FieldItem {
  const p = f.at;
  const multiline = raw.multiline === true,
    comb = raw.comb === true,
    password = raw.password === true;
  const maxLength = raw.max_length;
  if (comb && maxLength === undefined)
    refuse('fieldKeyNeeds', at(p, 'comb'), {
      key: at(p, 'comb'),
      needs: 'max_length',
      reason: 'a comb field divides its rect into max_length cells',
    });
  if (comb && multiline) together(p, 'comb', 'multiline', 'a comb field is one line of cells');
  if (comb && password) together(p, 'comb', 'password', 'a comb field is one line of cells shown as typed');
  // ISO 32000-1 §12.7.4.3, Password: a reader never stores such a value, so neither does the writer.
  for (const key of ['value', 'default_value'] as const) {
    if (password && raw[key] !== undefined)
      together(p, 'password', key, 'the value of a password field is never stored in the file');
  }
  for (const key of ['value', 'default_value'] as const) {
    const v = raw[key];
    if (v === undefined) continue;
    const n = [...v].length;
    if (maxLength !== undefined && n > maxLength)
      refuse('fieldValueTooLong', at(p, key), { key: at(p, key), length: n, maxLength });
    if (!multiline && /[\n\r\u2028\u2029]/.test(v)) refuse('fieldValueLineBreak', at(p, key), { key: at(p, key) });
  }
  return Object.assign({}, f, {
    type: 'text_field' as const,
    rect: f.rect!,
    // Absent, the value is the default (what a reset restores), as an HTML input's value attribute is both.
    value: raw.value ?? raw.default_value,
    valueAt: at(p, raw.value === undefined && raw.default_value !== undefined ? 'default_value' : 'value'),
    defaultValue: raw.default_value,
    multiline,
    maxLength,
    comb,
    password,
    scroll: raw.scroll !== false,
    spellCheck: raw.spell_check !== false,
  });
}

function readCheckBox(raw: D.CheckBoxItem, f: FieldBase): FieldItem {
  const exportValue = raw.export_value === undefined ? 'Yes' : notOff(raw.export_value, at(f.at, 'export_value'));
  return Object.assign({}, f, {
    type: 'check_box' as const,
    rect: f.rect!,
    checked: raw.checked === true,
    exportValue,
    style: raw.style ?? 'check',
  });
}

function readRadioGroup(raw: D.RadioGroupItem, f: FieldBase): FieldItem {
  const p = f.at;
  const unison = raw.radios_in_unison === true;
  // A group hangs by its own rect, the box its buttons are placed in, and lands on one page.
  if (f.relativeTo && !f.rect)
    refuse('fieldKeyNeeds', f.relativeTo.at, {
      key: f.relativeTo.at,
      needs: 'rect',
      reason: 'a radio group hangs by its own rect, the box its buttons are placed in',
    });
  const paged = raw.buttons.findIndex((b) => b.page !== undefined);
  if (f.relativeTo && paged >= 0)
    refuse('fieldKeysTogether', at(p, 'buttons', paged, 'page'), {
      key: f.relativeTo.at,
      other: at(p, 'buttons', paged, 'page'),
      reason: 'a hung group lands with all its buttons on the page of the item it hangs from',
    });
  const seen = new Map<string, JsonPointer>();
  const list = f.pages.select ? undefined : f.pages.list;
  const buttons = raw.buttons.map((b, i) => {
    const bp = at(p, 'buttons', i);
    const value = notOff(b.value, at(bp, 'value'));
    const earlier = seen.get(value);
    if (earlier !== undefined && !unison)
      refuse('radioValueTwice', at(bp, 'value'), { value, at: at(bp, 'value'), earlier });
    seen.set(value, at(bp, 'value'));
    const page = b.page;
    if (page !== undefined && list?.length && !list.includes(page))
      refuse('radioButtonPage', at(bp, 'page'), { page, at: at(bp, 'page'), pages: at(p, 'pages') });
    return { at: bp, rect: readRect(b.rect, at(bp, 'rect')), value, page };
  });
  // A group with no pages of its own whose buttons name theirs lands on those pages (and creates them).
  let pages = f.pages;
  const named = [...new Set(buttons.map((b) => b.page).filter((n): n is number => n !== undefined))].sort(
    (a, b) => a - b,
  );
  if (raw.pages === undefined && named.length) pages = { at: f.pages.at, list: named };
  const value = raw.value;
  if (value !== undefined && !seen.has(value))
    refuse('radioValueUnknown', at(p, 'value'), { key: at(p, 'value'), value, buttons: at(p, 'buttons') });
  return Object.assign({}, f, {
    pages,
    type: 'radio_group' as const,
    buttons,
    value,
    noToggleToOff: raw.no_toggle_to_off === true,
    radiosInUnison: unison,
    style: raw.style ?? 'circle',
  });
}

function readChoiceField(raw: D.ChoiceFieldItem, f: FieldBase): FieldItem {
  const p = f.at;
  const combo = raw.combo === true,
    editable = raw.editable === true,
    multiple = raw.multiple === true,
    sort = raw.sort === true;
  if (editable && !combo)
    refuse('fieldKeyNeeds', at(p, 'editable'), {
      key: at(p, 'editable'),
      needs: 'combo: true',
      reason: 'only a combo box takes typed text',
    });
  if (multiple && combo)
    together(p, 'combo', 'multiple', 'a combo box shows one choice; a list box (combo: false) takes several');
  const seen = new Map<string, JsonPointer>();
  let options = raw.options.map((o, i) => {
    const op = at(p, 'options', i);
    const value = typeof o === 'string' ? o : o.value;
    const label = typeof o === 'string' ? o : (o.label ?? value);
    const earlier = seen.get(value);
    if (earlier !== undefined) refuse('choiceOptionTwice', op, { value, at: op, earlier });
    seen.set(value, op);
    return { value, label };
  });
  // The Sort flag is for writers (§12.7.4.4, Table 230): the options are written sorted by label.
  if (sort) options = [...options].sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const v = raw.value;
  const value = v === undefined ? [] : typeof v === 'string' ? [v] : v;
  const vp = at(p, 'value');
  if (value.length > 1 && !multiple) refuse('choiceValueMany', vp, { key: vp, count: value.length });
  value.forEach((x, i) => {
    if (seen.has(x) || (editable && value.length === 1)) return;
    const xp = typeof v === 'string' ? vp : at(vp, i);
    refuse('choiceValueUnknown', xp, { key: xp, value: x, options: at(p, 'options') });
  });
  return Object.assign({}, f, {
    type: 'choice_field' as const,
    rect: f.rect!,
    options,
    combo,
    editable,
    multiple,
    sort,
    value: [...new Set(value)],
    valueAt: vp,
  });
}

function readPushButton(raw: D.PushButtonItem, f: FieldBase): FieldItem {
  const targets = new TargetReader();
  const target = targets.target(raw, f.at);
  // A caption is centred unless align says otherwise (as a button's label is in every form toolkit).
  const align = raw.align ?? 'center';
  return Object.assign({}, f, {
    align,
    type: 'push_button' as const,
    rect: f.rect!,
    caption: raw.caption,
    target,
    conflict: targets.conflicts[0],
  });
}

const READ: { [K in FieldKind]: (raw: RawItem<K>, f: FieldBase) => FieldItem } = {
  text_field: readTextField,
  check_box: readCheckBox,
  radio_group: readRadioGroup,
  choice_field: readChoiceField,
  push_button: readPushButton,
  signature_field: (raw, f) =>
    Object.assign({}, f, { type: 'signature_field' as const, rect: f.rect!, sign: readSign(raw.sign, f.at) }),
};

/** `sign` on a signature field (issue 24): the part and its password (kept secret), the reason, place and contact. */
function readSign(raw: RawItem<'signature_field'>['sign'], p: JsonPointer): SignSpec | undefined {
  if (!raw) return undefined;
  return {
    at: at(p, 'sign'),
    part: raw.p12,
    password: new Secret(raw.password ?? ''),
    reason: raw.reason,
    location: raw.location,
    contact: raw.contact,
  };
}

/**
 * Common keys a kind has no use for, refused rather than ignored (nothing is silently dropped): a
 * mark is a path, not text, and an empty signature field shows no text at all.
 */
const NOT_FOR: Partial<Record<FieldKind, { keys: ('font' | 'font_size' | 'align' | 'color')[]; takes: string }>> = {
  check_box: { keys: ['font', 'align'], takes: 'font_size and color for its mark, which is drawn as a path' },
  radio_group: { keys: ['font', 'align'], takes: 'font_size and color for its mark, which is drawn as a path' },
  signature_field: {
    keys: ['font', 'font_size', 'align', 'color'],
    takes: 'border and background only, since it shows no text until signed',
  },
};

/**
 * What a reader redraws from /DA and /MK alone (ISO 32000-1 §12.7.3.3): a text field or
 * choice field not read_only once its value changes, a signature field once signed. Anything of the appearance
 * those entries cannot say is lost then, so it is refused rather than shown until the first edit.
 */
function redrawnAs(raw: RawField): { what: string; when: string } | undefined {
  if (raw.type === 'text_field' && raw.read_only !== true)
    return { what: 'a text field that is not read_only', when: 'once it is typed in' };
  if (raw.type === 'choice_field' && raw.read_only !== true)
    return { what: 'a choice field that is not read_only', when: 'once another option is chosen' };
  if (raw.type === 'signature_field') return { what: 'a signature field', when: 'once it is signed' };
  return undefined;
}

/** `transform`, `graphics_state` against what the field can keep (docs/reference.md, "Form fields"). */
function checkDrawnKeys(raw: RawField, f: FieldBase): void {
  const p = f.at;
  // spec, common keys: "transform … Refused together with rotate" (a field's rotate is its /MK /R).
  if (f.transformAt && raw.rotate !== undefined)
    refuse('transformWithRotate', at(p, 'rotate'), { key: f.transformAt, other: at(p, 'rotate') });
  const m = f.transform;
  if (m && Math.abs(m[0] * m[3] - m[1] * m[2]) < 1e-12)
    refuse('fieldTransformFlat', f.transformAt!, { key: f.transformAt! });
  const redrawn = redrawnAs(raw);
  if (!redrawn) return;
  const instead =
    raw.type === 'signature_field'
      ? 'place the field without it'
      : 'set read_only: true, or place the field without it';
  if (m && quarterTurnOf(m) === undefined)
    refuse('fieldLostOnRedraw', f.transformAt!, {
      key: f.transformAt!,
      ...redrawn,
      kept: 'no matrix but a quarter turn (/MK /R) and the rect',
      instead: `give the rect the box the field should fill, ${instead}`,
    });
  if (f.graphicsState)
    refuse('fieldLostOnRedraw', f.graphicsState.at, {
      key: f.graphicsState.at,
      ...redrawn,
      kept: 'no graphics state (opacity, blend mode)',
      instead,
    });
}

function fieldReader<K extends FieldKind>(kind: K): ItemReader<K> {
  const validate: ValidateFunction = lazyValidator(formItemSchemas[kind]);
  const not = NOT_FOR[kind];
  const read: (raw: RawItem<K>, f: FieldBase) => FieldItem = READ[kind];
  return {
    validate,
    read: (raw: RawItem<K>, base: ItemBase) => {
      const field: RawField = raw;
      for (const key of not?.keys ?? []) {
        // a signed field shows its signer and date: in `font` and `color` (issue 24)
        if (field.type === 'signature_field' && field.sign && (key === 'font' || key === 'color')) continue;
        if (field[key] !== undefined)
          refuse('keyNotApplicable', at(base.at, key), {
            key: at(base.at, key),
            selector: at(base.at, 'type'),
            value: kind,
            takes: not!.takes,
          });
      }
      const f = common(raw, base);
      checkDrawnKeys(field, f);
      return read(raw, f);
    },
  };
}

export const formReaders = {
  text_field: fieldReader('text_field'),
  check_box: fieldReader('check_box'),
  radio_group: fieldReader('radio_group'),
  choice_field: fieldReader('choice_field'),
  push_button: fieldReader('push_button'),
  signature_field: fieldReader('signature_field'),
};
