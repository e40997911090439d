// passes/emit/navigation/destinations.test.ts — the exact bytes of destinations, actions and text strings
// (pdf-writer's test_obj! style): every fit of §12.3.2.2, null where the reader keeps its own value,
// URIs as 7-bit ASCII, text strings as ASCII bytes or UTF-16BE with BOM.
import { PDFContext, type PDFObject } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Place, Places, ViewValue } from '../../../ir/navigation-types.js';
import { actionDict, asciiUri, destArray, type TargetContext, textString } from './destinations.js';

const bytes = (o: PDFObject) => {
  const b = new Uint8Array(o.sizeInBytes());
  o.copyBytesInto(b, 0);
  return Buffer.from(b).toString('latin1');
};

function tc(places: Places = new Map()): TargetContext {
  const context = PDFContext.create();
  return { context, pageRefs: [context.nextRef(), context.nextRef()], places };
}

const view = (v: Partial<ViewValue> & Pick<ViewValue, 'fit'>): ViewValue => ({
  left: null,
  top: null,
  right: null,
  bottom: null,
  zoom: null,
  ...v,
});

describe('explicit destinations', () => {
  it.each([
    [view({ fit: 'xyz', left: 10, top: 20.12345, zoom: 1.5 }), '[ 2 0 R /XYZ 10 20.123 1.5 ]'],
    [view({ fit: 'xyz' }), '[ 2 0 R /XYZ null null null ]'],
    [view({ fit: 'fit' }), '[ 2 0 R /Fit ]'],
    [view({ fit: 'fit_width', top: 700 }), '[ 2 0 R /FitH 700 ]'],
    [view({ fit: 'fit_height' }), '[ 2 0 R /FitV null ]'],
    [view({ fit: 'fit_rect', left: 1, bottom: 2, right: 3, top: 4 }), '[ 2 0 R /FitR 1 2 3 4 ]'],
    [view({ fit: 'fit_bbox' }), '[ 2 0 R /FitB ]'],
    [view({ fit: 'fit_bbox_width', top: 5 }), '[ 2 0 R /FitBH 5 ]'],
    [view({ fit: 'fit_bbox_height', left: 6e-323 }), '[ 2 0 R /FitBV 0 ]'],
  ])('%o → %s', (v, want) => {
    const place: Place = { page: 2, view: v };
    expect(bytes(destArray(tc(), place))).toBe(want);
  });
});

describe('actions', () => {
  it('writes a URI action as ASCII with its next chain, and a remote GoTo with a 0-based page', () => {
    const a = actionDict(tc(), {
      type: 'uri',
      at: '',
      uri: 'https://example.com/ü é',
      isMap: true,
      next: [
        { type: 'named', at: '', name: 'last_page', next: [] },
        { type: 'go_to_remote', at: '', file: 'a.pdf', page: 3, view: { at: '', fit: 'fit' }, next: [] },
      ],
    });
    expect(bytes(a)).toBe(
      '<<\n/Type /Action\n/S /URI\n/URI <68747470733a2f2f6578616d706c652e636f6d2f254333254243253230254333254139>\n/IsMap true\n' +
        '/Next [ <<\n/Type /Action\n/S /Named\n/N /LastPage\n>> <<\n/Type /Action\n/S /GoToR\n/F <612e706466>\n/D [ 2 /Fit ]\n>> ]\n>>',
    );
    expect(
      Buffer.from('68747470733a2f2f6578616d706c652e636f6d2f254333254243253230254333254139', 'hex').toString(),
    ).toBe('https://example.com/%C3%BC%20%C3%A9');
  });

  it('keeps printable ASCII and escapes the rest, lone surrogates as U+FFFD', () => {
    const text = (h: PDFObject) => Buffer.from(bytes(h).slice(1, -1), 'hex').toString('latin1');
    expect(text(asciiUri('a b\u0001~'))).toBe('a%20b%01~');
    expect(text(asciiUri('x\ud800y'))).toBe('x%EF%BF%BDy');
  });
});

describe('text strings', () => {
  it('are ASCII bytes when plain, UTF-16BE with a byte order mark otherwise', () => {
    expect(bytes(textString('Chapter (1)'))).toBe('<4368617074657220283129>');
    expect(bytes(textString('Ü'))).toBe('<FEFF00DC>');
    expect(bytes(textString('😀'))).toBe('<FEFFD83DDE00>');
  });
});
