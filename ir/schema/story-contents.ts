// ir/schema/story-contents.ts — schema of a story's `{contents}` block (docs/reference.md, "flow",
// Contents): a generated table of contents listing the story's headings down to `levels`.

/** Longest `leader` string: a few characters repeated (". ", "·", "-"), never a sentence. */
export const CONTENTS_LEADER_MAX = 8;

/** `{contents: {levels?, leader?, title?}}`. */
export const storyContentsSchema = {
  type: 'object',
  required: ['contents'],
  properties: {
    contents: {
      type: 'object',
      properties: {
        levels: { type: 'integer', minimum: 1, maximum: 6 },
        leader: { type: 'string', maxLength: CONTENTS_LEADER_MAX },
        title: { type: 'string', minLength: 1 },
      },
    },
  },
} as const;
