/**
 * Emoji polarity written for this project (session of 2026-12-02) from each emoji's Unicode character name (as in
 * UnicodeData.txt / emoji-test.txt of the Unicode Standard; the CLDR short name in brackets where it differs), not
 * from any data set or usage count. It fills gaps in the emoji table of nlp.js's AFINN lists (the Emoji Sentiment
 * Ranking of Kralj Novak et al. 2015, which predates most of these code points or left them out) and marks the faces
 * whose name says no feeling as neutral, where that ranking gave them a polarity from the tweets they appeared in
 * (😐 NEUTRAL FACE −2, 😑 EXPRESSIONLESS FACE −2, 😶 FACE WITHOUT MOUTH −1).
 *
 * Only the lexicon fallback reads it (models/fallback-lexicons.bin, training/fallbackLexiconBuild.ts). The general
 * model's emoji prior features come from models/extra-lexicons.bin, whose sha256 the model's sidecar pins: that table
 * is not touched, so the served model's features do not change.
 *
 * Strength as the fallback tables use it: ±1 mild, ±2 clear, ±3 strong; 0 neutral. Emoji whose name is ambiguous in
 * use (🔥 FIRE, 🥺 FACE WITH PLEADING EYES, 🤡 CLOWN FACE, 🤯 SHOCKED FACE WITH EXPLODING HEAD, 🖤 BLACK HEART, 😳
 * FLUSHED FACE, 🥴 FACE WITH UNEVEN EYES AND WAVY MOUTH) are left out.
 */
export const EMOJI_POLARITY: readonly (readonly [emoji: string, strength: number, unicodeName: string])[] = [
  // faces whose name says a positive feeling
  ['🙂', 1, 'SLIGHTLY SMILING FACE'],
  ['😅', 1, 'SMILING FACE WITH OPEN MOUTH AND COLD SWEAT [grinning face with sweat]'],
  ['🤣', 2, 'ROLLING ON THE FLOOR LAUGHING'],
  ['😹', 2, 'CAT FACE WITH TEARS OF JOY'],
  ['🥰', 3, 'SMILING FACE WITH SMILING EYES AND THREE HEARTS'],
  ['🤩', 2, 'GRINNING FACE WITH STAR EYES [star-struck]'],
  ['🤗', 2, 'HUGGING FACE'],
  ['🥳', 2, 'FACE WITH PARTY HORN AND PARTY HAT [partying face]'],
  // hands and symbols whose name says approval or affection
  ['🤝', 1, 'HANDSHAKE'],
  ['🤞', 1, 'HAND WITH INDEX AND MIDDLE FINGERS CROSSED'],
  ['💯', 2, 'HUNDRED POINTS SYMBOL'],
  ['🤍', 2, 'WHITE HEART'],
  ['🧡', 2, 'ORANGE HEART'],
  // faces whose name says a negative feeling or state
  ['🙁', -1, 'SLIGHTLY FROWNING FACE'],
  ['😟', -2, 'WORRIED FACE'],
  ['😢', -2, 'CRYING FACE'],
  ['😥', -1, 'DISAPPOINTED BUT RELIEVED FACE [sad but relieved face]'],
  ['😱', -2, 'FACE SCREAMING IN FEAR'],
  ['🙄', -1, 'FACE WITH ROLLING EYES'],
  ['😬', -1, 'GRIMACING FACE'],
  ['🥱', -1, 'YAWNING FACE'],
  ['🤢', -2, 'NAUSEATED FACE'],
  ['🤮', -3, 'FACE WITH OPEN MOUTH VOMITING [face vomiting]'],
  ['🤬', -3, 'SERIOUS FACE WITH SYMBOLS COVERING MOUTH [face with symbols on mouth]'],
  ['🤒', -1, 'FACE WITH THERMOMETER'],
  ['🤕', -1, 'FACE WITH HEAD-BANDAGE'],
  ['🤧', -1, 'SNEEZING FACE'],
  ['🥵', -1, 'OVERHEATED FACE [hot face]'],
  ['🥶', -1, 'FREEZING FACE [cold face]'],
  ['😵', -1, 'DIZZY FACE'],
  // faces whose name says no feeling: neutral
  ['😐', 0, 'NEUTRAL FACE'],
  ['😑', 0, 'EXPRESSIONLESS FACE'],
  ['😶', 0, 'FACE WITHOUT MOUTH'],
  ['🤔', 0, 'THINKING FACE'],
  ['🤨', 0, 'FACE WITH ONE EYEBROW RAISED [face with raised eyebrow]'],
  ['🤐', 0, 'ZIPPER-MOUTH FACE'],
  ['🤫', 0, 'FACE WITH FINGER COVERING CLOSED LIPS [shushing face]'],
  ['😯', 0, 'HUSHED FACE'],
  ['🧐', 0, 'FACE WITH MONOCLE'],
];
