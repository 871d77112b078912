import { describe, expect, it } from 'vitest';
import { tagsFromSillyTavern } from './sillytavern-reasoning';

describe('a pasted SillyTavern reasoning template', () => {
  it('gives its prefix and suffix as the tags, without the newlines around them', () => {
    expect(
      tagsFromSillyTavern(
        '{\n    "name": "Gemma 4",\n    "prefix": "<|channel>thought\\n",\n    "suffix": "\\n<channel|>",\n    "separator": "\\n\\n"\n}\n',
      ),
    ).toEqual({ name: 'Gemma 4', open: '<|channel>thought', close: '<channel|>' });
    expect(tagsFromSillyTavern('{"prefix": "<reasoning>", "suffix": "</reasoning>"}')).toEqual({
      open: '<reasoning>',
      close: '</reasoning>',
    });
  });

  it('anything else is pasted as it is', () => {
    for (const text of [
      '<reasoning>',
      '{',
      '{"prefix": "<r>"}',
      '{"prefix": 1, "suffix": "</r>"}',
      '[1]',
      'null',
    ]) {
      expect(tagsFromSillyTavern(text)).toBeUndefined();
    }
  });
});
