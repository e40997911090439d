// ir/read/attachments.ts — reading, files carried beside the pages (issue 9): attachments,
// collection, page_files, page_metadata. Shapes become IR; what ties them together (a column value
// against its column, a claimed name against the attachments, a page against the page count) is
// checked in passes/standards-check.ts and pagination.
import type * as D from '../description.generated.js';
import { refuse } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import type { Attachment, Collection, ColumnValue, FileSettings, PageFiles, PageMetadata } from '../standards-types.js';
import { readMetadataFacts, xmlText } from './standards.js';
import { readTimestamp } from './timestamp.js';

// RFC 6838 §4.2: type "/" subtype, each a restricted name (letters, digits and !#$&-^_.+), at most 127
// characters; parameters (";charset=…") are not part of a file's /Subtype.
const MEDIA_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$/;

function readColumnValue(raw: NonNullable<D.Attachment['columns']>[number], p: JsonPointer): ColumnValue {
  const given = (['text', 'date', 'number'] as const).filter((k) => raw[k] !== undefined);
  if (given.length !== 1) refuse('columnValueShape', p, { key: p });
  if (raw.text !== undefined) return { kind: 'text', value: raw.text };
  if (raw.date !== undefined) return { kind: 'date', value: readTimestamp(raw.date, at(p, 'date')) };
  return { kind: 'number', value: raw.number! };
}

function readAttachment(raw: D.Attachment, p: JsonPointer): Attachment {
  const mediaType = raw.media_type;
  if (!MEDIA_TYPE.test(mediaType))
    refuse('mediaTypeInvalid', at(p, 'media_type'), { mediaType, at: at(p, 'media_type') });
  const seen = new Map<string, JsonPointer>();
  return {
    at: p,
    name: raw.name,
    fileName: raw.file_name,
    description: raw.description,
    mediaType: mediaType.toLowerCase(),
    relationship: raw.relationship,
    modified: readTimestamp(raw.modified, at(p, 'modified')),
    columns: (raw.columns ?? []).map((c, i) => {
      const cp = at(p, 'columns', i);
      const key = c.key;
      const earlier = seen.get(key);
      if (earlier !== undefined) refuse('nameDeclaredTwice', at(cp, 'key'), { name: key, at: at(cp, 'key'), earlier });
      seen.set(key, at(cp, 'key'));
      return { at: cp, key, value: readColumnValue(c, cp) };
    }),
  };
}

/** Keys of the collection dictionaries the service writes itself (ISO 32000-1 §7.11.6, Tables 155–157). */
const RESERVED_COLUMN_KEYS = new Set(['Type']);

function readCollection(raw: D.Collection, p: JsonPointer): Collection {
  const seen = new Map<string, JsonPointer>();
  const sort = raw.sort;
  return {
    at: p,
    view: raw.view ?? 'rows',
    opensOn: raw.opens_on,
    columns: (raw.columns ?? []).map((c, i) => {
      const cp = at(p, 'columns', i);
      const key = c.key;
      if (RESERVED_COLUMN_KEYS.has(key)) refuse('columnKeyReserved', at(cp, 'key'), { column: key, at: at(cp, 'key') });
      const earlier = seen.get(key);
      if (earlier !== undefined) refuse('nameDeclaredTwice', at(cp, 'key'), { name: key, at: at(cp, 'key'), earlier });
      seen.set(key, at(cp, 'key'));
      return { at: cp, key, title: c.title, data: c.data, hidden: c.hidden === true };
    }),
    sort: sort && { key: sort.key, ascending: sort.ascending },
  };
}

function readPageMetadata(raw: D.PageMetadata, p: JsonPointer): PageMetadata {
  const hasFacts = raw.facts !== undefined;
  const hasPacket = raw.packet !== undefined;
  if (hasFacts && hasPacket) refuse('twoSources', at(p, 'packet'), { key: at(p, 'facts'), other: at(p, 'packet') });
  if (!hasFacts && !hasPacket) refuse('pageMetadataNoSource', p, { key: p });
  return {
    at: p,
    page: raw.page,
    facts: raw.facts !== undefined ? readMetadataFacts(raw.facts, at(p, 'facts')) : undefined,
    packet: raw.packet !== undefined ? { at: at(p, 'packet'), part: raw.packet } : undefined,
  };
}

export function readFileSettings(d: D.Description): FileSettings | undefined {
  const has = (v: unknown) => v !== undefined && v !== null;
  if (!has(d.attachments) && !has(d.collection) && !has(d.page_files) && !has(d.page_metadata)) return undefined;
  const names = new Map<string, JsonPointer>();
  const attachments = (d.attachments ?? []).map((raw, i) => {
    const p = at('', 'attachments', i);
    const a = readAttachment(raw, p);
    const earlier = names.get(a.name);
    if (earlier !== undefined) refuse('nameDeclaredTwice', at(p, 'name'), { name: a.name, at: at(p, 'name'), earlier });
    names.set(a.name, at(p, 'name'));
    // Names, descriptions and file names are text strings in the PDF; XMP never carries them, but a
    // collection view and pdfdetach print them, so the same characters are refused as in metadata.
    xmlText(a.fileName, at(p, 'file_name'));
    xmlText(a.description, at(p, 'description'));
    return a;
  });
  return {
    attachments,
    collection: d.collection ? readCollection(d.collection, '/collection') : undefined,
    pageFiles: (d.page_files ?? []).map((raw, i): PageFiles => {
      const p = at('', 'page_files', i);
      return { at: p, page: raw.page, files: raw.files.map((name, j) => ({ at: at(p, 'files', j), name })) };
    }),
    pageMetadata: (d.page_metadata ?? []).map((raw, i) => readPageMetadata(raw, at('', 'page_metadata', i))),
  };
}
