// ir/read/forms-kinds.ts — reading: the item kinds a declared drawing or tiling cell may not hold, and
// why. A drawing is content written once and placed anywhere (a form XObject, ISO 32000-1 §8.10), so
// what is not content cannot live in it: a link or a form field is an annotation of one page
// (§12.5), and an imported page carries its own annotations into its page. Every other kind is drawn.
export const KINDS_NOT_IN_FORMS: ReadonlyMap<string, string> = new Map([
  ['link', 'a link is an annotation of one page, which a drawing drawn once cannot hold; place the link on the page'],
  ...['text_field', 'check_box', 'radio_group', 'choice_field', 'push_button', 'signature_field'].map(
    (k): [string, string] => [
      k,
      'a form field is an annotation of one page, which a drawing drawn once cannot hold; place the field on the page',
    ],
  ),
  [
    'imported_page',
    "an imported page brings its page's annotations and structure, which a drawing drawn once cannot hold; place the imported page on the page",
  ],
]);
