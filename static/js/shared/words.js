// @ts-check
// Small words for counts, articles and the sides' names in the pages' own sentences.

/** "1 piece", "3 pieces" (plural: the word's plural when it is not word + "s"). */
export function count(n, word, plural = `${word}s`) {
  return `${n} ${n === 1 ? word : plural}`;
}

/** "a" or "an" before a word (by its first letter, which serves the words the pages use). */
export function article(word) {
  return /^[aeiou]/i.test(String(word)) ? "an" : "a";
}

/** "White" or "Black". */
export const colorName = (color) => (color === "w" ? "White" : "Black");
