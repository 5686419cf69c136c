/**
 * "The food was good" phrases in Italian, Spanish, Portuguese, French and German: a subject with no polarity, a form of
 * "to be", and an evaluative adjective (or a plain complement, for neutral rows), written for the project. Why: GENERAL
 * learnt these languages from tweets and ~630 written sentences each, and read the copula and the subject as the
 * verdict: "Il cibo era buono." was NEGATIVE 99 % ("era" +2.09, "cibo" +1.83), "Il cibo è buono." NEGATIVE 88 %, "Le
 * repas était bon." NEGATIVE 88 %, "El servicio fue malo." POSITIVE 95 %. As the VADER phrase templates do for English
 * (corpus.ts vaderPhrases), these rows show the model that such a sentence takes the adjective's polarity whatever its
 * subject and tense, and that a negated positive adjective is negative. Training rows only (never evaluated on);
 * seeded. Measured: models/general.md, "Copula phrases".
 */
import { SPLIT_SEED, seededUnit, type Row } from './corpus.js';

interface Language {
  /** Subjects with no polarity (masculine singular where adjectives agree). */
  subjects: string[];
  /** Forms of "to be" in the present and past. */
  copulas: string[];
  /** The copulas negated, with `{a}` where the adjective goes when it is not at the end. */
  negated: string[];
  intensifier: string;
  positive: string[];
  negative: string[];
  /** Complements that state a fact (neutral rows). */
  neutral: string[];
}

const LANGUAGES: Record<string, Language> = {
  it: {
    subjects: ['Il cibo', 'Il servizio', "L'albergo", 'Il film', 'Il prodotto', 'Il personale', 'Il viaggio', 'Il concerto', 'Il ristorante', 'Il libro', 'Il caffè', 'Il fine settimana', "L'appartamento", 'Il corso'],
    copulas: ['è', 'era', 'è stato'],
    negated: ['non è', 'non era', 'non è stato'],
    intensifier: 'molto',
    positive: ['buono', 'ottimo', 'eccellente', 'fantastico', 'meraviglioso', 'piacevole', 'veloce', 'pulito', 'gentile', 'incredibile', 'perfetto', 'stupendo', 'bellissimo', 'splendido', 'magnifico'],
    negative: ['cattivo', 'pessimo', 'terribile', 'orribile', 'disastroso', 'sgradevole', 'lento', 'sporco', 'scortese', 'deludente', 'scadente', 'schifoso', 'noioso', 'mediocre', 'penoso'],
    neutral: ['in centro', 'aperto fino alle dieci', 'alle otto', 'lo stesso di ieri', 'in italiano', 'al secondo piano', 'prenotato per sabato', 'incluso nel prezzo'],
  },
  es: {
    subjects: ['El servicio', 'El hotel', 'El producto', 'El personal', 'El viaje', 'El concierto', 'El restaurante', 'El libro', 'El café', 'El fin de semana', 'El apartamento', 'El curso', 'El plato', 'El vuelo'],
    copulas: ['es', 'era', 'fue', 'estaba', 'ha sido'],
    negated: ['no es', 'no era', 'no fue', 'no estaba'],
    intensifier: 'muy',
    positive: ['bueno', 'excelente', 'genial', 'fantástico', 'maravilloso', 'agradable', 'rápido', 'limpio', 'amable', 'increíble', 'perfecto', 'estupendo', 'buenísimo', 'espectacular', 'magnífico'],
    negative: ['malo', 'pésimo', 'terrible', 'horrible', 'desastroso', 'desagradable', 'lento', 'sucio', 'grosero', 'decepcionante', 'fatal', 'horroroso', 'aburrido', 'mediocre', 'lamentable'],
    neutral: ['en el centro', 'abierto hasta las diez', 'a las ocho', 'el mismo de ayer', 'en español', 'en el segundo piso', 'reservado para el sábado', 'incluido en el precio'],
  },
  pt: {
    subjects: ['O serviço', 'O hotel', 'O produto', 'O atendimento', 'O passeio', 'O concerto', 'O restaurante', 'O livro', 'O café', 'O fim de semana', 'O apartamento', 'O curso', 'O prato', 'O voo'],
    copulas: ['é', 'era', 'foi', 'estava'],
    negated: ['não é', 'não era', 'não foi', 'não estava'],
    intensifier: 'muito',
    positive: ['bom', 'excelente', 'ótimo', 'fantástico', 'maravilhoso', 'agradável', 'rápido', 'limpo', 'simpático', 'incrível', 'perfeito', 'espetacular', 'sensacional', 'impecável', 'lindo'],
    negative: ['ruim', 'mau', 'péssimo', 'terrível', 'horrível', 'desastroso', 'desagradável', 'lento', 'sujo', 'grosseiro', 'decepcionante', 'fraco', 'chato', 'medíocre', 'lamentável'],
    neutral: ['no centro', 'aberto até as dez', 'às oito', 'o mesmo de ontem', 'em português', 'no segundo andar', 'reservado para sábado', 'incluído no preço'],
  },
  fr: {
    subjects: ['Le service', "L'hôtel", 'Le produit', 'Le personnel', 'Le voyage', 'Le concert', 'Le restaurant', 'Le livre', 'Le café', 'Le week-end', "L'appartement", 'Le cours', 'Le plat', 'Le repas'],
    copulas: ['est', 'était', 'a été'],
    negated: ["n'est pas", "n'était pas", "n'a pas été"],
    intensifier: 'très',
    positive: ['bon', 'excellent', 'génial', 'fantastique', 'merveilleux', 'agréable', 'rapide', 'propre', 'aimable', 'incroyable', 'parfait', 'super', 'formidable', 'magnifique', 'sympa'],
    negative: ['mauvais', 'nul', 'terrible', 'horrible', 'désastreux', 'désagréable', 'lent', 'sale', 'impoli', 'décevant', 'médiocre', 'affreux', 'ennuyeux', 'lamentable', 'catastrophique'],
    neutral: ['au centre-ville', "ouvert jusqu'à dix heures", 'à huit heures', "le même qu'hier", 'en français', 'au deuxième étage', 'réservé pour samedi', 'compris dans le prix'],
  },
  de: {
    subjects: ['Der Service', 'Das Hotel', 'Das Produkt', 'Das Personal', 'Die Reise', 'Das Konzert', 'Das Restaurant', 'Das Buch', 'Der Kaffee', 'Das Wochenende', 'Die Wohnung', 'Der Kurs', 'Das Essen', 'Der Flug'],
    copulas: ['ist', 'war'],
    negated: ['ist nicht', 'war nicht'],
    intensifier: 'sehr',
    positive: ['gut', 'ausgezeichnet', 'toll', 'fantastisch', 'wunderbar', 'angenehm', 'schnell', 'sauber', 'freundlich', 'großartig', 'perfekt', 'super', 'hervorragend', 'klasse', 'schön'],
    negative: ['schlecht', 'schrecklich', 'furchtbar', 'miserabel', 'katastrophal', 'unangenehm', 'langsam', 'schmutzig', 'unfreundlich', 'enttäuschend', 'mies', 'grauenhaft', 'langweilig', 'mittelmäßig', 'ärgerlich'],
    neutral: ['im Zentrum', 'bis zehn Uhr geöffnet', 'um acht Uhr', 'dasselbe wie gestern', 'auf Deutsch', 'im zweiten Stock', 'für Samstag reserviert', 'im Preis inbegriffen'],
  },
};

/** Rows per adjective (each a seeded subject and copula; a quarter with the intensifier), and per neutral complement. */
const PER_ADJECTIVE = 3;
const PER_COMPLEMENT = 4;
/** Each row's weight in training (the written sentences weigh 5). */
export const COPULA_PHRASE_WEIGHT = 3;

const POLARITY = { negative: 0, neutral: 1, positive: 2 } as const;

/** The phrases of every language, in a fixed order (seeded), labelled by the adjective's list. */
export function copulaPhrases(weight = COPULA_PHRASE_WEIGHT): Row[] {
  const out: Row[] = [];
  for (const [lang, l] of Object.entries(LANGUAGES)) {
    const pick = <T>(xs: readonly T[], key: string): T => xs[Math.floor(seededUnit(`copula:${lang}:${key}`, SPLIT_SEED) * xs.length)]!;
    const push = (text: string, polarity: 0 | 1 | 2): void => { out.push({ text, lang, source: 'copula-phrases', split: 'train', polarity, weight }); };
    for (const kind of ['positive', 'negative'] as const) {
      for (const adjective of l[kind]) {
        for (let k = 0; k < PER_ADJECTIVE; k++) {
          const strong = seededUnit(`copula:${lang}:${adjective}:${k}:very`, SPLIT_SEED) < 0.25;
          push(`${pick(l.subjects, `${adjective}:${k}:s`)} ${pick(l.copulas, `${adjective}:${k}:c`)} ${strong ? `${l.intensifier} ` : ''}${adjective}.`, POLARITY[kind]);
        }
        // a negated positive adjective is negative ("non era buono"); a negated negative one is left out (often faint praise)
        if (kind === 'positive') push(`${pick(l.subjects, `${adjective}:n:s`)} ${pick(l.negated, `${adjective}:n:c`)} ${adjective}.`, POLARITY.negative);
      }
    }
    for (const complement of l.neutral) {
      for (let k = 0; k < PER_COMPLEMENT; k++) push(`${pick(l.subjects, `${complement}:${k}:s`)} ${pick(l.copulas, `${complement}:${k}:c`)} ${complement}.`, POLARITY.neutral);
    }
  }
  return out;
}
