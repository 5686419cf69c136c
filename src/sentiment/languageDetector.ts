/**
 * Language identification with eld (Efficient Language Detector, medium database,
 * 60 languages, ISO 639-1 codes). Languages eld does not know (e.g. Hausa, Igbo,
 * Kinyarwanda, Javanese) are reported as the closest language it knows or as "und";
 * models/*.md list which training languages the detector can name.
 */
import { eld } from 'eld/medium';

export interface DetectedLanguage {
  /** ISO 639-1 code, or "und" when nothing was detected. */
  code: string;
  /** eld's own reliability verdict (enough n-grams and a clear winner). */
  reliable: boolean;
}

const SAMPLE_CHARS = 1000;

export function detectLanguage(text: string): DetectedLanguage {
  const r = eld.detect(text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) : text);
  return { code: r.language || 'und', reliable: r.language !== '' && r.isReliable() };
}
