/**
 * Contrast words ("but") per language: read by the lexicon fallback's contrast rule (clauseWords.ts re-exports them:
 * lexiconFallback.ts) and, across languages at once, by the featuriser's contrast features (params.contrastPriors).
 * Words that are also other words in the same language are left out (Hindi पर "on", Arabic بس "only", Japanese でも
 * "even", が); Korean's -지만 ending is not read for it.
 */
export const CONTRAST: Readonly<Record<string, readonly string[]>> = {
  en: ['but', 'however'], fr: ['mais', 'cependant'], es: ['pero', 'sino'], pt: ['mas', 'porém'], it: ['ma', 'però'],
  de: ['aber', 'jedoch'], nl: ['maar'], sv: ['men'], da: ['men'], no: ['men'], fi: ['mutta'], et: ['aga'],
  pl: ['ale', 'lecz'], cs: ['ale'], sk: ['ale'], sl: ['ampak', 'vendar'], hr: ['ali'], sr: ['ali', 'али'], bs: ['ali'],
  bg: ['но', 'ала'], ru: ['но', 'однако'], uk: ['але', 'проте'], el: ['αλλά', 'όμως'], tr: ['ama', 'fakat', 'ancak'],
  ar: ['لكن', 'ولكن'], he: ['אבל'], fa: ['ولی', 'اما', 'ولیکن'], ur: ['لیکن', 'مگر'], hi: ['लेकिन', 'मगर', 'lekin'],
  bn: ['কিন্তু'], hu: ['de', 'viszont', 'azonban'], ro: ['dar', 'însă'], vi: ['nhưng'], id: ['tapi', 'tetapi', 'namun'],
  ms: ['tapi', 'tetapi', 'namun'], sw: ['lakini'], ko: ['하지만', '그러나', '그런데'], tl: ['pero', 'ngunit'],
  // written without spaces: found where a run is cut into lexicon substrings (substrings), before the words there
  zh: ['但是', '可是', '不过', '不過', '但'], ja: ['けれど', 'だけど', 'けど', 'しかし'], th: ['แต่'],
};

/**
 * Contrast words of one language that are common other words of another, which the featuriser (it runs before the
 * language is known) does not read as contrast. Counted in the training rows: Portuguese "mais" (more) outnumbers
 * French "mais" (but); Igbo, Twi and Yoruba write "ama", "aga" and "ale" as other words (Turkish "ama", Estonian
 * "aga", Polish, Czech and Slovak "ale" are "but"), Hausa "ali", Minangkabau "ancak" (good), Arabic "اما" (as for);
 * Hungarian "de" is Spanish, French and Portuguese "of", Italian "ma" Polish "has", Swedish, Danish and Norwegian
 * "men" English "men", Romanian "dar" Spanish "to give". The lexicon fallback, which knows the language, reads them all.
 */
const AMBIGUOUS = new Set(['de', 'ma', 'men', 'dar', 'mais', 'ama', 'aga', 'ale', 'ali', 'ancak', 'اما']);

/** The contrast words the featuriser reads in any text (a whole token, lower case): CONTRAST's, less AMBIGUOUS. */
export const ANY_LANGUAGE_CONTRAST: ReadonlySet<string> = new Set(Object.values(CONTRAST).flat().filter((w) => !AMBIGUOUS.has(w)));
