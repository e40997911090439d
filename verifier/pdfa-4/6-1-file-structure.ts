// verifier/pdfa-4/6-1-file-structure.ts — ISO 19005-4:2020 §6.1 File structure.
import { bind, type RuleModule } from '../model.js';

export const fileStructure = [
  bind('6.1.2', 1, 'header-malformed', 'the file header does not start at byte 0 with %PDF-2.n'),
  bind('6.1.2', 1, 'header-version', 'the file header declares PDF %version, not 2.n', {
    when: (f) => !/^2\.\d$/.test(String(f.args?.version)),
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
  bind('6.1.3', 4, 'info-present', 'the trailer has an Info entry but the catalog has no PieceInfo', {
    when: (f) => f.args?.pieceInfo !== true,
  }),
  bind('6.1.3', 5, 'info-present', 'the document information dictionary holds %others besides ModDate', {
    when: (f) => f.args?.dict === true && f.args?.others !== 'none',
  }),
  bind('6.1.3', 5, 'info-present', 'the document information dictionary has no ModDate', {
    when: (f) => f.args?.dict === true && f.args?.others === 'none' && f.args?.modDate !== true,
  }),
  bind('6.1.4', 1, 'xref-eol', 'the xref keyword is not followed by a single EOL marker'),
  bind('6.1.4', 2, 'xref-header-spacing', 'a cross-reference subsection header is not spaced by a single space'),
  bind('6.1.5', 1, 'hex-odd', 'a hexadecimal string holds an odd number of digits'),
  bind('6.1.5', 2, 'hex-invalid', 'a hexadecimal string holds a character outside 0-9, A-F, a-f'),
  bind('6.1.6', 1, 'stream-spacing', 'the stream keyword is not followed by CRLF or LF', {
    when: (f) => f.args?.start === false,
  }),
  bind('6.1.6', 2, 'stream-spacing', 'the endstream keyword is not preceded by an EOL marker', {
    when: (f) => f.args?.end === false,
  }),
  bind('6.1.6', 3, 'stream-length', 'the Length of stream %declared does not match its data (%actual bytes)'),
  bind('6.1.6', 4, 'stream-external', 'a stream dictionary has an F, FFilter or FDecodeParms entry'),
  bind('6.1.6', 5, '3d-stream', 'the 3D stream of a 3D annotation has the Subtype %subtype, neither U3D nor PRC', {
    when: (f) => f.args?.subtype !== 'U3D' && f.args?.subtype !== 'PRC',
  }),
  bind('6.1.6.2', 1, 'filter-nonstandard', 'a stream names the filter %filter, which ISO 32000-2 does not define'),
  bind('6.1.7', 1, 'name-not-utf8', 'a name is not a valid UTF-8 byte sequence'),
  bind('6.1.8', 1, 'obj-spacing', 'the obj or endobj keyword is not spaced as PDF/A requires'),
  bind('6.1.9', 1, 'lzw', 'an inline image is compressed with LZW', { when: (f) => f.object === 'PDInlineImage' }),
  bind('6.1.9', 1, 'inline-filter', 'an inline image names the filter %filter, which is not permitted or not known'),
  bind('6.1.10', 1, 'lzw', 'a stream is compressed with LZWDecode', { when: (f) => f.object !== 'PDInlineImage' }),
  bind('6.1.11', 1, 'perms-key', 'the permissions dictionary holds %key; only UR3 and DocMDP are allowed', {
    when: (f) => f.args?.key !== 'UR3' && f.args?.key !== 'DocMDP',
  }),
  bind('6.1.12', 1, 'catalog-version', 'the catalog states Version %version, not 2.n', {
    when: (f) => !/^2\.[0-9]$/.test(String(f.args?.version)),
  }),
] satisfies RuleModule;
