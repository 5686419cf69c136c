/**
 * Text with every lone UTF-16 surrogate replaced by U+FFFD (String.prototype.toWellFormed, Node 20), the string
 * itself when it has none: what UTF-8 can carry. A lone surrogate can only come from a JS caller or a JSON \u escape.
 */
export const wellFormedText = (t: string): string =>
  ((t as string & { isWellFormed(): boolean }).isWellFormed() ? t : (t as string & { toWellFormed(): string }).toWellFormed());
