// verifier/pdfa-1/6-1-file-structure.ts — ISO 19005-1:2005 §6.1 File structure, bound to the facts of
// checks/file-structure.ts and checks/limits.ts.
import { bind, type RuleModule } from '../model.js';

export const fileStructure = [
  bind('6.1.2', 1, 'header-malformed', 'the file header does not start at byte 0 with %PDF-n.m'),
  bind(
    '6.1.2',
    2,
    'binary-comment-missing',
    'the header line is not followed by a comment of at least four bytes above 127',
  ),
  bind('6.1.3', 1, 'trailer-id-missing', 'the file trailer has no ID'),
  bind('6.1.3', 1, 'trailer-id-empty', 'the file trailer ID holds only empty strings'),
  bind('6.1.3', 2, 'encrypt-present', 'the trailer dictionary has an Encrypt entry'),
  bind('6.1.3', 3, 'data-after-eof', 'data follows the last %%EOF marker'),
  bind(
    '6.1.3',
    4,
    'linearized-id-mismatch',
    'the first-page trailer ID (%first) differs from the last trailer ID (%last)',
  ),
  bind('6.1.4', 1, 'xref-header-spacing', 'a cross-reference subsection header is not spaced by a single space'),
  bind('6.1.4', 2, 'xref-eol', 'the xref keyword is not followed by a single EOL marker'),
  bind('6.1.4', 3, 'xref-stream', 'the file uses a cross-reference stream, which PDF 1.4 does not define'),
  bind('6.1.6', 1, 'hex-odd', 'a hexadecimal string holds an odd number of digits'),
  bind('6.1.6', 2, 'hex-invalid', 'a hexadecimal string holds a character outside 0-9, A-F, a-f'),
  bind('6.1.7', 1, 'stream-length', 'the Length of stream %declared does not match its data (%actual bytes)'),
  bind('6.1.7', 2, 'stream-spacing', 'the stream or endstream keyword is not spaced by the EOL markers PDF/A requires'),
  bind('6.1.7', 3, 'stream-external', 'a stream dictionary has an F, FFilter or FDecodeParms entry'),
  bind('6.1.8', 1, 'obj-spacing', 'the obj or endobj keyword is not spaced as PDF/A requires'),
  bind('6.1.10', 1, 'lzw', 'a stream is compressed with LZWDecode'),
  bind('6.1.10', 2, 'lzw', 'an inline image is compressed with LZW', { when: (f) => f.object === 'PDInlineImage' }),
  bind('6.1.10', 2, 'inline-filter', 'an inline image names the filter %filter, which is not permitted or not known'),
  bind('6.1.11', 1, 'embedded-files', 'the name dictionary has an EmbeddedFiles entry'),
  bind('6.1.12', 1, 'integer-range', 'the integer %value is out of range'),
  bind('6.1.12', 2, 'real-range', 'the real %value is beyond 32767 in absolute value'),
  bind('6.1.12', 3, 'max-string', 'a string is %length bytes long, more than 65535', {
    when: (f) => Number(f.args?.length) > 65535,
  }),
  bind('6.1.12', 4, 'max-name', 'a name is %length bytes long, more than 127', {
    when: (f) => Number(f.args?.length) > 127,
  }),
  bind('6.1.12', 5, 'max-array', 'an array holds %size elements, more than 8191', {
    when: (f) => Number(f.args?.size) > 8191,
  }),
  bind('6.1.12', 6, 'max-dict', 'a dictionary holds %size entries, more than 4095', {
    when: (f) => Number(f.args?.size) > 4095,
  }),
  bind('6.1.12', 7, 'indirect-count', 'the file holds %count indirect objects, more than 8388607', {
    when: (f) => Number(f.args?.count) > 8388607,
  }),
  bind('6.1.12', 8, 'max-q-depth', 'graphics states are nested %depth deep, more than 28', {
    when: (f) => Number(f.args?.depth) > 28,
  }),
  bind('6.1.12', 9, 'devicen', 'a DeviceN colour space has %components components, more than 8', {
    when: (f) => Number(f.args?.components) > 8,
  }),
  bind('6.1.12', 10, 'cmap-max-cid', 'the embedded CMap %name maps a code to CID %cid, beyond 65535', {
    when: (f) => Number(f.args?.cid) > 65535,
  }),
  bind('6.1.13', 1, 'optional-content', 'the catalog has an OCProperties entry'),
] satisfies RuleModule;
