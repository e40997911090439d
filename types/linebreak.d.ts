// types/linebreak.d.ts — the part of `linebreak` (UAX #14, Unicode 13) this project uses; it ships no types.
declare module 'linebreak' {
  export interface Break {
    position: number;
    required: boolean;
  }
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
}
