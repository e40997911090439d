// engines/pdf/number.ts — a number as content streams write it (ISO 32000-1 §7.3.3): integers as
// they are, reals to three decimals with trailing zeros dropped.

/** A number as content operands want it: integers as is, others to 3 decimals without trailing zeros. */
export function num(n: number): string {
  if (Number.isInteger(n)) return String(n);
  const s = n.toFixed(3);
  let end = s.length;
  while (s.charCodeAt(end - 1) === 48) end--; // '0'
  if (s.charCodeAt(end - 1) === 46) end--; // '.'
  const out = s.slice(0, end);
  return out === '-0' ? '0' : out;
}
