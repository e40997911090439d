// ir/form-types.ts — the IR of the six form-field item kinds (issue 11; docs/reference.md, "Form
// fields"): text_field, check_box, radio_group, choice_field, push_button, signature_field, as read,
// and the widgets layout makes of them (one per field per page, radio buttons one each).
import type * as D from './description.generated.js';
import type { Target, TargetConflict } from './navigation-types.js';
import type { JsonPointer } from './pointer.js';
import type { Secret } from './security-types.js';
import type { Colour, DrawOp, FontResource, GlyphRunOp, ItemBase, RectSpec } from './types.js';

export const FIELD_KINDS = [
  'text_field',
  'check_box',
  'radio_group',
  'choice_field',
  'push_button',
  'signature_field',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export type BorderStyle = NonNullable<D.FieldBorder['style']>;
export type MarkStyle = NonNullable<D.CheckBoxItem['style']>;

/** `border`: colour (absent: none drawn), width (0: none), style, dash of a dashed border. */
export interface FieldBorder {
  color?: Colour;
  width: number;
  style: BorderStyle;
  dash: number[];
}

/** What every field kind states (docs/reference.md, "Form fields", common keys). */
export interface FieldBase extends ItemBase {
  /** Full name as written (`billing.city`); dots make the hierarchy. */
  name: string;
  nameAt: JsonPointer;
  rect?: RectSpec;
  tooltip?: string;
  readOnly: boolean;
  required: boolean;
  noExport: boolean;
  /** A declared font or a face of the library; absent: the library's Noto Sans. */
  font?: { at: JsonPointer; name: string };
  /** 0: auto-fit, as PDF readers size variable text. */
  fontSize: number;
  color: Colour;
  border: FieldBorder;
  background?: Colour;
  align: 'left' | 'center' | 'right';
  /** `rotate`: the field's contents turned within its rect (/MK /R), quarter turns only. */
  turn: 0 | 90 | 180 | 270;
  /** Set by the names pass: the font text in the field is set in (fields that show text). */
  fontRes?: FontResource;
}

export interface TextFieldItem extends FieldBase {
  type: 'text_field';
  rect: RectSpec;
  value?: string;
  valueAt: JsonPointer;
  defaultValue?: string;
  multiline: boolean;
  maxLength?: number;
  comb: boolean;
  password: boolean;
  scroll: boolean;
  spellCheck: boolean;
}

export interface CheckBoxItem extends FieldBase {
  type: 'check_box';
  rect: RectSpec;
  checked: boolean;
  exportValue: string;
  style: MarkStyle;
}

export interface RadioButtonSpec {
  at: JsonPointer;
  rect: RectSpec;
  value: string;
  page?: number;
}

export interface RadioGroupItem extends FieldBase {
  type: 'radio_group';
  buttons: RadioButtonSpec[];
  value?: string;
  noToggleToOff: boolean;
  radiosInUnison: boolean;
  style: MarkStyle;
}

export interface ChoiceOption {
  value: string;
  label: string;
}

export interface ChoiceFieldItem extends FieldBase {
  type: 'choice_field';
  rect: RectSpec;
  options: ChoiceOption[];
  combo: boolean;
  editable: boolean;
  multiple: boolean;
  sort: boolean;
  /** Selected values (one unless `multiple`); an editable combo's own text may be among none of the options. */
  value: string[];
  valueAt: JsonPointer;
}

export interface PushButtonItem extends FieldBase {
  type: 'push_button';
  rect: RectSpec;
  caption?: string;
  /** What a click does: the link item's targets (a page, a destination, a uri, an action). */
  target?: Target;
  conflict?: TargetConflict;
}

export interface SignatureFieldItem extends FieldBase {
  type: 'signature_field';
  rect: RectSpec;
  /** `sign` (issue 24): the field is signed when the file is written. */
  sign?: SignSpec;
}

/** A signature field's `sign`, as read; the names pass loads the key into `signer`. */
export interface SignSpec {
  at: JsonPointer;
  /** The part holding the PKCS#12 file. */
  part: string;
  password: Secret;
  reason?: string;
  location?: string;
  contact?: string;
  /** Set by the names pass: the key and certificate read from the part (engines/pdf/signature.ts). */
  signer?: SignerIdentity;
  /** Set by the names pass: the moment of signing (the render's clock): /M and the appearance's date. */
  time?: Date;
}

/** What the passes after names need of a loaded signer; the key itself stays in the engine's object. */
export interface SignerIdentity {
  /** The signing certificate's common name (or organisation). */
  readonly name: string;
  readonly fingerprint: string;
}

export type FieldItem =
  | TextFieldItem
  | CheckBoxItem
  | RadioGroupItem
  | ChoiceFieldItem
  | PushButtonItem
  | SignatureFieldItem;

/** One appearance state of a widget: a form XObject's content in its own box (0 0 w h). */
export interface Appearance {
  ops: DrawOp[];
  /** Text and choice fields: their variable text sits in `/Tx BMC … EMC`, clipped to the inner box. */
  variable?: { ops: DrawOp[]; clip: [number, number, number, number] };
}

/**
 * One widget annotation on one page, as layout made it. `rect` is the annotation's /Rect in page
 * space; the appearance box is w × h, turned by `turn` (/MK /R) into the rect. A check box or radio
 * button has `on` (its state name) and two appearances; other kinds one.
 */
export interface LaidOutWidget {
  /** The field item this widget belongs to (its index in `items`: one field, a widget per page). */
  field: FieldItem;
  at: JsonPointer;
  /** Under a `transform` other than a quarter turn: the box the transformed rect spans. */
  rect: { llx: number; lly: number; urx: number; ury: number };
  box: { w: number; h: number };
  /** The field's `rotate` plus the quarter turn of its `transform`, if any: /MK /R. */
  turn: 0 | 90 | 180 | 270;
  /** `transform` other than a quarter turn: its [a b c d], after the turn in the appearance's /Matrix. */
  linear?: [number, number, number, number];
  /** A declared layer: the annotation's /OC. */
  layer?: string;
  /** A declared graphics state, in force in every appearance stream. */
  graphicsState?: string;
  normal?: Appearance;
  on?: { state: string; appearance: Appearance; off: Appearance; down?: { appearance: Appearance; off: Appearance } };
  /** A push button's pressed look (/AP /D), written where no archive claim forbids it. */
  down?: { normal: Appearance };
  /** Font (request name) and size of /DA; absent for check boxes, radio buttons and signatures. */
  da?: { font: string; size: number };
  /** A list box's first row shown (/TI), when its first chosen option lies below the rows the box holds. */
  topIndex?: number;
  /** Glyphs kept in the font beyond those drawn (a choice field's options), never drawn. */
  reserve: GlyphRunOp[];
  /** How many link annotations of the page were laid before this widget (drawing order of /Annots). */
  afterLinks: number;
}

/** A rigid quarter turn about the origin ([a b c d] of a matrix), in degrees counter-clockwise, or undefined. */
export function quarterTurnOf(m: readonly number[]): 0 | 90 | 180 | 270 | undefined {
  const is = (a: number, b: number, c: number, d: number) =>
    Math.abs(m[0] - a) < 1e-9 && Math.abs(m[1] - b) < 1e-9 && Math.abs(m[2] - c) < 1e-9 && Math.abs(m[3] - d) < 1e-9;
  if (is(1, 0, 0, 1)) return 0;
  if (is(0, 1, -1, 0)) return 90;
  if (is(-1, 0, 0, -1)) return 180;
  if (is(0, -1, 1, 0)) return 270;
  return undefined;
}

const KINDS: ReadonlySet<string> = new Set(FIELD_KINDS);

/** Whether an item is a form field (any of FIELD_KINDS). */
export function isField(item: { type: string }): item is FieldItem {
  return KINDS.has(item.type);
}

// ───────────────────────────── marks ─────────────────────────────

/** The ZapfDingbats character of each mark (/MK /CA), for readers that draw the mark themselves. */
export const MARK_CHARACTER: Record<MarkStyle, string> = {
  check: '4',
  cross: '8',
  circle: 'l',
  square: 'n',
  diamond: 'u',
  star: 'H',
};
