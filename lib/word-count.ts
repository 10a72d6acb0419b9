/**
 * Words in a text as the essay's word limits count them: runs of characters between white space.
 * Shared by the learner's live count and the server's check on submit, so both say the same number.
 */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/u).length : 0;
}

/** "300 to 600", "at least 300", "at most 600", or null when the essay sets no limit. */
export function wordLimitText(minWords: number | null, maxWords: number | null): string | null {
  if (minWords !== null && maxWords !== null) return `${minWords} to ${maxWords}`;
  if (minWords !== null) return `at least ${minWords}`;
  if (maxWords !== null) return `at most ${maxWords}`;
  return null;
}

/** Why a final submission of `words` words is refused by the limits, or null when it fits them. */
export function wordLimitProblem(words: number, minWords: number | null, maxWords: number | null): { code: "too_few_words" | "too_many_words"; message: string } | null {
  const limit = wordLimitText(minWords, maxWords);
  const said = `Your answer has ${words} word${words === 1 ? "" : "s"}; this task asks for ${limit} words.`;
  if (minWords !== null && words < minWords) return { code: "too_few_words", message: said };
  if (maxWords !== null && words > maxWords) return { code: "too_many_words", message: said };
  return null;
}
