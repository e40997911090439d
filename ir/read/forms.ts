// ir/read/forms.ts — reading, the six form-field items (issue 11; docs/reference.md, "Form fields").
// The schema (ir/schema/forms.ts) has run on the item; this turns it into field IR and refuses what
// one field contradicts in itself (comb without max_length, a value the field cannot hold, a radio
// value no button carries…). Names across fields and fonts are the names pass's (passes/names/forms.ts).
import type { ValidateFunction } from 'ajv';
import type { FieldBase, FieldBorder, FieldItem, MarkStyle } from '../form-types.js';
import { refuse } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import { formItemSchemas } from '../schema/forms.js';
import type { Colour, ItemBase } from '../types.js';
import { lazyValidator, readColour, readRect } from './common.js';
import type { ItemReader } from './items.js';
import { TargetReader } from './navigation.js';

type Raw = Record<string, unknown>;

/** The name PDF gives the off state of a check box or radio button (ISO 32000-1 §12.7.4.2.3). */
export const OFF_STATE = 'Off';

const BLACK: Colour = { space: 'gray', c: [0] };

function readBorder(raw: unknown, p: JsonPointer): FieldBorder {
  const b = (raw ?? {}) as Raw;
  const dash = b.dash as number[] | undefined;
  if (dash && dash.every((x) => x === 0)) refuse('dashAllZero', at(p, 'dash'), { key: at(p, 'dash') });
  return {
    color: b.color === undefined ? BLACK : readColour(b.color, at(p, 'color')),
    width: (b.width as number | undefined) ?? 1,
    style: (b.style as FieldBorder['style'] | undefined) ?? 'solid',
    dash: dash ?? [3],
  };
}

/** A full field name: parts separated by dots, none empty (a PDF partial name holds no dot). */
function readName(raw: Raw, p: JsonPointer): string {
  const name = raw.name as string;
  if (name.split('.').some((part) => part.length === 0)) refuse('fieldNameSegment', at(p, 'name'), { name, at: at(p, 'name') });
  return name;
}

function common(raw: Raw, base: ItemBase): FieldBase {
  const p = base.at;
  return {
    ...base,
    // `rotate` of a field is its /MK /R, not the common rotation matrix (docs/reference.md).
    rotate: undefined,
    rotateAt: undefined,
    name: readName(raw, p),
    nameAt: at(p, 'name'),
    rect: raw.rect === undefined ? undefined : readRect(raw.rect, at(p, 'rect')),
    tooltip: raw.tooltip as string | undefined,
    readOnly: raw.read_only === true,
    required: raw.required === true,
    noExport: raw.no_export === true,
    font: typeof raw.font === 'string' ? { at: at(p, 'font'), name: raw.font } : undefined,
    fontSize: (raw.font_size as number | undefined) ?? 0,
    color: raw.color === undefined ? BLACK : readColour(raw.color, at(p, 'color')),
    border: readBorder(raw.border, at(p, 'border')),
    background: raw.background === undefined ? undefined : readColour(raw.background, at(p, 'background')),
    align: (raw.align as FieldBase['align'] | undefined) ?? 'left',
    turn: ((raw.rotate as number | undefined) ?? 0) as FieldBase['turn'],
  };
}

function together(p: JsonPointer, a: string, b: string, why: string): never {
  refuse('fieldKeysTogether', at(p, b), { key: at(p, a), other: at(p, b), reason: why });
}

function notOff(v: string, p: JsonPointer): string {
  if (v === OFF_STATE) refuse('fieldValueOff', p, { key: p });
  return v;
}

function readTextField(raw: Raw, f: FieldBase): FieldItem {
  const p = f.at;
  const multiline = raw.multiline === true, comb = raw.comb === true, password = raw.password === true;
  const maxLength = raw.max_length as number | undefined;
  if (comb && maxLength === undefined) refuse('fieldKeyNeeds', at(p, 'comb'), { key: at(p, 'comb'), needs: 'max_length', reason: 'a comb field divides its rect into max_length cells' });
  if (comb && multiline) together(p, 'comb', 'multiline', 'a comb field is one line of cells');
  if (comb && password) together(p, 'comb', 'password', 'a comb field is one line of cells shown as typed');
  // ISO 32000-1 §12.7.4.3, Password: a reader never stores such a value, so neither does the writer.
  for (const key of ['value', 'default_value']) {
    if (password && raw[key] !== undefined) together(p, 'password', key, 'the value of a password field is never stored in the file');
  }
  for (const key of ['value', 'default_value']) {
    const v = raw[key] as string | undefined;
    if (v === undefined) continue;
    const n = [...v].length;
    if (maxLength !== undefined && n > maxLength) refuse('fieldValueTooLong', at(p, key), { key: at(p, key), length: n, maxLength });
    if (!multiline && /[\n\r\u2028\u2029]/.test(v)) refuse('fieldValueLineBreak', at(p, key), { key: at(p, key) });
  }
  return {
    ...f,
    type: 'text_field',
    rect: f.rect!,
    // Absent, the value is the default (what a reset restores), as an HTML input's value attribute is both.
    value: (raw.value ?? raw.default_value) as string | undefined,
    valueAt: at(p, raw.value === undefined && raw.default_value !== undefined ? 'default_value' : 'value'),
    defaultValue: raw.default_value as string | undefined,
    multiline,
    maxLength,
    comb,
    password,
    scroll: raw.scroll !== false,
    spellCheck: raw.spell_check !== false,
  };
}

function readCheckBox(raw: Raw, f: FieldBase): FieldItem {
  const exportValue = raw.export_value === undefined ? 'Yes' : notOff(raw.export_value as string, at(f.at, 'export_value'));
  return { ...f, type: 'check_box', rect: f.rect!, checked: raw.checked === true, exportValue, style: (raw.style as MarkStyle | undefined) ?? 'check' };
}

function readRadioGroup(raw: Raw, f: FieldBase): FieldItem {
  const p = f.at;
  const unison = raw.radios_in_unison === true;
  const seen = new Map<string, JsonPointer>();
  const list = f.pages.select ? undefined : f.pages.list;
  const buttons = (raw.buttons as Raw[]).map((b, i) => {
    const bp = at(p, 'buttons', i);
    const value = notOff(b.value as string, at(bp, 'value'));
    const earlier = seen.get(value);
    if (earlier !== undefined && !unison) refuse('radioValueTwice', at(bp, 'value'), { value, at: at(bp, 'value'), earlier });
    seen.set(value, at(bp, 'value'));
    const page = b.page as number | undefined;
    if (page !== undefined && list?.length && !list.includes(page)) refuse('radioButtonPage', at(bp, 'page'), { page, at: at(bp, 'page'), pages: at(p, 'pages') });
    return { at: bp, rect: readRect(b.rect, at(bp, 'rect')), value, page };
  });
  // A group with no pages of its own whose buttons name theirs lands on those pages (and creates them).
  let pages = f.pages;
  const named = [...new Set(buttons.map((b) => b.page).filter((n): n is number => n !== undefined))].sort((a, b) => a - b);
  if (raw.pages === undefined && named.length) pages = { at: f.pages.at, list: named };
  const value = raw.value as string | undefined;
  if (value !== undefined && !seen.has(value)) refuse('radioValueUnknown', at(p, 'value'), { key: at(p, 'value'), value, buttons: at(p, 'buttons') });
  return {
    ...f,
    pages,
    type: 'radio_group',
    buttons,
    value,
    noToggleToOff: raw.no_toggle_to_off === true,
    radiosInUnison: unison,
    style: (raw.style as MarkStyle | undefined) ?? 'circle',
  };
}

function readChoiceField(raw: Raw, f: FieldBase): FieldItem {
  const p = f.at;
  const combo = raw.combo === true, editable = raw.editable === true, multiple = raw.multiple === true, sort = raw.sort === true;
  if (editable && !combo) refuse('fieldKeyNeeds', at(p, 'editable'), { key: at(p, 'editable'), needs: 'combo: true', reason: 'only a combo box takes typed text' });
  if (multiple && combo) together(p, 'combo', 'multiple', 'a combo box shows one choice; a list box (combo: false) takes several');
  const seen = new Map<string, JsonPointer>();
  let options = (raw.options as (string | Raw)[]).map((o, i) => {
    const op = at(p, 'options', i);
    const value = typeof o === 'string' ? o : (o.value as string);
    const label = typeof o === 'string' ? o : ((o.label as string | undefined) ?? value);
    const earlier = seen.get(value);
    if (earlier !== undefined) refuse('choiceOptionTwice', op, { value, at: op, earlier });
    seen.set(value, op);
    return { value, label };
  });
  // The Sort flag is for writers (§12.7.4.4, Table 230): the options are written sorted by label.
  if (sort) options = [...options].sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const v = raw.value;
  const value = v === undefined ? [] : typeof v === 'string' ? [v] : (v as string[]);
  const vp = at(p, 'value');
  if (value.length > 1 && !multiple) refuse('choiceValueMany', vp, { key: vp, count: value.length });
  value.forEach((x, i) => {
    if (seen.has(x) || (editable && value.length === 1)) return;
    const xp = typeof v === 'string' ? vp : at(vp, i);
    refuse('choiceValueUnknown', xp, { key: xp, value: x, options: at(p, 'options') });
  });
  return { ...f, type: 'choice_field', rect: f.rect!, options, combo, editable, multiple, sort, value: [...new Set(value)], valueAt: vp };
}

function readPushButton(raw: Raw, f: FieldBase): FieldItem {
  const targets = new TargetReader();
  const target = targets.target(raw, f.at);
  // A caption is centred unless align says otherwise (as a button's label is in every form toolkit).
  const align = (raw.align as FieldBase['align'] | undefined) ?? 'center';
  return { ...f, align, type: 'push_button', rect: f.rect!, caption: raw.caption as string | undefined, target, conflict: targets.conflicts[0] };
}

const READ: Record<FieldItem['type'], (raw: Raw, f: FieldBase) => FieldItem> = {
  text_field: readTextField,
  check_box: readCheckBox,
  radio_group: readRadioGroup,
  choice_field: readChoiceField,
  push_button: readPushButton,
  signature_field: (_raw, f) => ({ ...f, type: 'signature_field', rect: f.rect! }),
};

/**
 * Common keys a kind has no use for, refused rather than ignored (nothing is silently dropped): a
 * mark is a path, not text, and an empty signature field shows no text at all.
 */
const NOT_FOR: Partial<Record<FieldItem['type'], { keys: string[]; takes: string }>> = {
  check_box: { keys: ['font', 'align'], takes: 'font_size and color for its mark, which is drawn as a path' },
  radio_group: { keys: ['font', 'align'], takes: 'font_size and color for its mark, which is drawn as a path' },
  signature_field: { keys: ['font', 'font_size', 'align', 'color'], takes: 'border and background only, since it shows no text until signed' },
};

function fieldReader(kind: FieldItem['type']): ItemReader {
  const validate: ValidateFunction = lazyValidator(formItemSchemas[kind]);
  const not = NOT_FOR[kind];
  return {
    validate,
    read: (raw: Raw, base: ItemBase) => {
      for (const key of not?.keys ?? []) {
        if (raw[key] !== undefined) refuse('keyNotApplicable', at(base.at, key), { key: at(base.at, key), selector: at(base.at, 'type'), value: kind, takes: not!.takes });
      }
      return READ[kind](raw, common(raw, base));
    },
  };
}

export const formReaders: Record<FieldItem['type'], ItemReader> = {
  text_field: fieldReader('text_field'),
  check_box: fieldReader('check_box'),
  radio_group: fieldReader('radio_group'),
  choice_field: fieldReader('choice_field'),
  push_button: fieldReader('push_button'),
  signature_field: fieldReader('signature_field'),
};
