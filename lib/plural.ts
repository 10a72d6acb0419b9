/** A count with its noun, singular for exactly one: plural(1, "quiz", "quizzes") is "1 quiz"; the plural defaults to the noun plus "s". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
