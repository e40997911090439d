// passes/names/signatures.ts — names pass, signing (issue 24): a signature field's `sign.p12` names a
// part that was sent, and that part opens as PKCS#12 with the password given, holding one RSA key
// and its certificate (engines/pdf/signature.ts). Refused otherwise, before anything is drawn; the
// sentence names the part and the key, never the password.
import { loadSigner } from '../../engines/pdf/signature.js';
import { isField } from '../../ir/form-types.js';
import { refuse } from '../../ir/messages.js';
import { at } from '../../ir/pointer.js';
import type { Item } from '../../ir/types.js';

export function loadSigners(items: readonly Item[], parts: ReadonlyMap<string, Uint8Array>, now: Date): void {
  for (const item of items) {
    if (!isField(item) || item.type !== 'signature_field' || !item.sign) continue;
    const sign = item.sign;
    const p12At = at(sign.at, 'p12');
    const bytes = parts.get(sign.part);
    if (!bytes) refuse('partMissing', p12At, { part: sign.part, at: p12At });
    const loaded = loadSigner(bytes, sign.password.reveal());
    if (!loaded.ok) refuse('signKeyUnreadable', p12At, { part: sign.part, at: p12At, detail: loaded.detail });
    sign.signer = loaded.signer;
    sign.time = now;
  }
}
