// verifier/pdfa-2/6-1-file-structure.ts — ISO 19005-2:2011 §6.1 File structure (shared with
// PDF/A-3, whose clause numbers are the same).
import { bind, type RuleModule } from '../model.js';

export const fileStructure = [
  bind('6.1.2', 1, 'header-malformed', 'the file header does not start at byte 0 with %PDF-1.n'),
  bind('6.1.2', 1, 'header-version', 'the file header declares PDF %version, not 1.0 to 1.7', {
    when: (f) => !/^1\.[0-7]$/.test(String(f.args?.version)),
  }),
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
  bind('6.1.4', 1, 'xref-eol', 'the xref keyword is not followed by a single EOL marker'),
  bind('6.1.4', 2, 'xref-header-spacing', 'a cross-reference subsection header is not spaced by a single space'),
  bind('6.1.6', 1, 'hex-odd', 'a hexadecimal string holds an odd number of digits'),
  bind('6.1.6', 2, 'hex-invalid', 'a hexadecimal string holds a character outside 0-9, A-F, a-f'),
  bind('6.1.7.1', 1, 'stream-spacing', 'the stream keyword is not followed by CRLF or LF', {
    when: (f) => f.args?.start === false,
  }),
  bind('6.1.7.1', 2, 'stream-spacing', 'the endstream keyword is not preceded by an EOL marker', {
    when: (f) => f.args?.end === false,
  }),
  bind('6.1.7.1', 3, 'stream-length', 'the Length of stream %declared does not match its data (%actual bytes)'),
  bind('6.1.7.1', 4, 'stream-external', 'a stream dictionary has an F, FFilter or FDecodeParms entry'),
  bind('6.1.7.2', 1, 'lzw', 'a stream is compressed with LZWDecode'),
  bind('6.1.7.2', 1, 'filter-nonstandard', 'a stream names the filter %filter, which ISO 32000-1 does not define'),
  bind('6.1.7.2', 2, 'lzw', 'an inline image is compressed with LZW', { when: (f) => f.object === 'PDInlineImage' }),
  bind('6.1.7.2', 2, 'inline-filter', 'an inline image names the filter %filter, which is not permitted or not known'),
  bind('6.1.8', 1, 'name-not-utf8', 'a name is not a valid UTF-8 byte sequence'),
  bind('6.1.9', 1, 'obj-spacing', 'the obj or endobj keyword is not spaced as PDF/A requires'),
  bind('6.1.12', 1, 'perms-key', 'the permissions dictionary holds %key; only UR3 and DocMDP are allowed', {
    when: (f) => f.args?.key !== 'UR3' && f.args?.key !== 'DocMDP',
  }),
  bind('6.1.12', 2, 'sigref-digest', 'a signature reference dictionary has %keys although DocMDP is present'),
  bind('6.1.13', 1, 'integer-range', 'the integer %value is out of range'),
  bind('6.1.13', 2, 'real-huge', 'the real %value is beyond 3.403 × 10^38 in absolute value'),
  bind('6.1.13', 5, 'real-tiny', 'the real %value is nonzero and closer to zero than 1.175 × 10^-38'),
  bind('6.1.13', 10, 'cmap-max-cid', 'the embedded CMap %name maps a code to CID %cid, beyond 65535', {
    when: (f) => Number(f.args?.cid) > 65535,
  }),
  bind('6.1.13', 11, 'page-box-size', 'the page boundary %box is %width by %height units, outside 3 to 14400'),
  bind('6.1.13', 3, 'max-string', 'a string is %length bytes long, more than 32767', {
    when: (f) => Number(f.args?.length) > 32767,
  }),
  bind('6.1.13', 4, 'max-name', 'a name is %length bytes long, more than 127', {
    when: (f) => Number(f.args?.length) > 127,
  }),
  bind('6.1.13', 7, 'indirect-count', 'the file holds %count indirect objects, more than 8388607', {
    when: (f) => Number(f.args?.count) > 8388607,
  }),
  bind('6.1.13', 8, 'max-q-depth', 'graphics states are nested %depth deep, more than 28', {
    when: (f) => Number(f.args?.depth) > 28,
  }),
  bind('6.1.13', 9, 'devicen', 'a DeviceN colour space has %components components, more than 32', {
    when: (f) => Number(f.args?.components) > 32,
  }),
] satisfies RuleModule;
