// ir/read/attachments.ts — reading, files carried beside the pages (issue 9): attachments,
// collection, page_files, page_metadata. Shapes become IR; what ties them together (a column value
// against its column, a claimed name against the attachments, a page against the page count) is
// checked in passes/cross-refusals/standards.ts and pagination.
import { refuse } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import type { Attachment, Collection, ColumnKind, ColumnValue, FileSettings, PageFiles, PageMetadata, Relationship } from '../standards-types.js';
import { readMetadataFacts, xmlText } from './standards.js';
import { readTimestamp } from './timestamp.js';

type Raw = Record<string, unknown>;

// RFC 6838 §4.2: type "/" subtype, each a restricted name (letters, digits and !#$&-^_.+), at most 127
// characters; parameters (";charset=…") are not part of a file's /Subtype.
const MEDIA_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$/;

function readColumnValue(raw: Raw, p: JsonPointer): ColumnValue {
  const given = ['text', 'date', 'number'].filter((k) => raw[k] !== undefined);
  if (given.length !== 1) refuse('columnValueShape', p, { key: p });
  if (raw.text !== undefined) return { kind: 'text', value: raw.text as string };
  if (raw.date !== undefined) return { kind: 'date', value: readTimestamp(raw.date as string, at(p, 'date')) };
  return { kind: 'number', value: raw.number as number };
}

function readAttachment(raw: Raw, p: JsonPointer): Attachment {
  const mediaType = raw.media_type as string;
  if (!MEDIA_TYPE.test(mediaType)) refuse('mediaTypeInvalid', at(p, 'media_type'), { mediaType, at: at(p, 'media_type') });
  const seen = new Map<string, JsonPointer>();
  return {
    at: p,
    name: raw.name as string,
    fileName: raw.file_name as string,
    description: raw.description as string,
    mediaType: mediaType.toLowerCase(),
    relationship: raw.relationship as Relationship,
    modified: readTimestamp(raw.modified as string, at(p, 'modified')),
    columns: ((raw.columns ?? []) as Raw[]).map((c, i) => {
      const cp = at(p, 'columns', i);
      const key = c.key as string;
      const earlier = seen.get(key);
      if (earlier !== undefined) refuse('nameDeclaredTwice', at(cp, 'key'), { name: key, at: at(cp, 'key'), earlier });
      seen.set(key, at(cp, 'key'));
      return { at: cp, key, value: readColumnValue(c, cp) };
    }),
  };
}

/** Keys of the collection dictionaries the service writes itself (ISO 32000-1 §7.11.6, Tables 155–157). */
const RESERVED_COLUMN_KEYS = new Set(['Type']);

function readCollection(raw: Raw, p: JsonPointer): Collection {
  const seen = new Map<string, JsonPointer>();
  const sort = raw.sort as { key: string; ascending: boolean } | undefined;
  return {
    at: p,
    view: (raw.view as Collection['view'] | undefined) ?? 'rows',
    opensOn: raw.opens_on as string | undefined,
    columns: ((raw.columns ?? []) as Raw[]).map((c, i) => {
      const cp = at(p, 'columns', i);
      const key = c.key as string;
      if (RESERVED_COLUMN_KEYS.has(key)) refuse('columnKeyReserved', at(cp, 'key'), { column: key, at: at(cp, 'key') });
      const earlier = seen.get(key);
      if (earlier !== undefined) refuse('nameDeclaredTwice', at(cp, 'key'), { name: key, at: at(cp, 'key'), earlier });
      seen.set(key, at(cp, 'key'));
      return { at: cp, key, title: c.title as string, data: c.data as ColumnKind, hidden: c.hidden === true };
    }),
    sort: sort && { key: sort.key, ascending: sort.ascending },
  };
}

function readPageMetadata(raw: Raw, p: JsonPointer): PageMetadata {
  const hasFacts = raw.facts !== undefined;
  const hasPacket = raw.packet !== undefined;
  if (hasFacts && hasPacket) refuse('twoSources', at(p, 'packet'), { key: at(p, 'facts'), other: at(p, 'packet') });
  if (!hasFacts && !hasPacket) refuse('pageMetadataNoSource', p, { key: p });
  return {
    at: p,
    page: raw.page as number,
    facts: hasFacts ? readMetadataFacts(raw.facts as Raw, at(p, 'facts')) : undefined,
    packet: hasPacket ? { at: at(p, 'packet'), part: raw.packet as string } : undefined,
  };
}

export function readFileSettings(d: Raw): FileSettings | undefined {
  const has = (k: string) => d[k] !== undefined && d[k] !== null;
  if (!has('attachments') && !has('collection') && !has('page_files') && !has('page_metadata')) return undefined;
  const names = new Map<string, JsonPointer>();
  const attachments = ((d.attachments ?? []) as Raw[]).map((raw, i) => {
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
    collection: has('collection') ? readCollection(d.collection as Raw, '/collection') : undefined,
    pageFiles: ((d.page_files ?? []) as Raw[]).map((raw, i): PageFiles => {
      const p = at('', 'page_files', i);
      return { at: p, page: raw.page as number, files: (raw.files as string[]).map((name, j) => ({ at: at(p, 'files', j), name })) };
    }),
    pageMetadata: ((d.page_metadata ?? []) as Raw[]).map((raw, i) => readPageMetadata(raw, at('', 'page_metadata', i))),
  };
}
