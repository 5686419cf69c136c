/**
 * GeoDB name search as localised autocompletes send it (geodb-compat.md 1.2, 1.7), through the real gateway, core and
 * geo database: with a `languageCode`, the prefix matches the name in that language or (namePrefixDefaultLangResults,
 * default true) the default-language name, so untagged alternate names no longer put an unrelated large city first
 * ("Mad" in German gave Ahmedabad, Chennai, then Madrid); a blank prefix is no filter; one with no letter or digit
 * (what a user typed first: "-", "'", "€") is an empty page, not a 400. A single parameter given twice keeps its
 * first value for GeoDB's clients (as Spring binds it), a different repeat named in Meridian-Ignored-Parameters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geodbGet, startTestGateway, type GeoDbBody, type TestGateway } from '../support/gateway.js';

let gw: TestGateway;
beforeAll(async () => { gw = await startTestGateway(); });
afterAll(async () => { await gw.close(); });

type Body = GeoDbBody;
const geodb = (path: string): Promise<Body> => geodbGet(gw, path);
const names = (b: Body): string[] => b.data.map((p: { name: string }) => p.name);
const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

describe('GeoDB name search in other languages', () => {
  it('puts the city whose name in that language, or in English, starts with the prefix first', async () => {
    for (const [prefix, lang, first] of [
      ['Mad', 'de', 'Madrid'], ['Par', 'fr', 'Paris'], ['Ber', 'de', 'Berlin'], ['Mün', 'de', 'München'], ['Ham', 'it', 'Hamburg'],
      ['Lon', 'ru', 'Лондон'], ['Мос', 'ru', 'Москва'], ['Vienna', 'de', 'Wien'],
    ] as const) {
      const b = await geodb(`/v1/geo/cities?namePrefix=${encodeURIComponent(prefix)}&languageCode=${lang}&limit=5&sort=-population`);
      expect(names(b)[0], `${prefix} in ${lang}: ${names(b).join(', ')}`).toBe(first);
    }
    // every answer's shown name or English name has a word starting with the prefix: the English name is GeoNames' name
    const b = await geodb('/v1/geo/cities?namePrefix=Mad&languageCode=de&limit=10&sort=-population');
    for (const p of b.data as { id: number; name: string }[]) {
      const english = (await geodb(`/v1/geo/cities/${p.id}`)).data.name as string;
      expect([p.name, english].some((n) => fold(n).split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith('mad'))), `${p.name} / ${english}`).toBe(true);
    }
  });

  it('still finds a place we hold no name for in that language by its alternate names, after those whose name matches', async () => {
    // 234 of the 500 most populous Russian cities have no Russian name of ours: Khimki is found by its Cyrillic alternate
    expect(names(await geodb(`/v1/geo/cities?namePrefix=${encodeURIComponent('Химки')}&languageCode=ru&limit=1`))).toEqual(['Khimki']);
    // Chennai ("Madras") is found for "Mad" in German, after every place whose name starts with it, and counted
    const all = await geodb('/v1/geo/cities?namePrefix=Mad&languageCode=de&limit=100&minPopulation=1000000');
    const list = names(all);
    expect(list[0]).toBe('Madrid');
    expect(list).toContain('Chennai');
    const firstAlternate = list.findIndex((n) => !fold(n).split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith('mad')));
    expect(list.slice(firstAlternate).every((n) => !fold(n).split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith('mad')))).toBe(true);
    expect(all.metadata.totalCount).toBe(list.length);
    // paging runs across the two parts: pages of 2 give the same order
    const paged: string[] = [];
    for (let offset = 0; offset < list.length; offset += 2) paged.push(...names(await geodb(`/v1/geo/cities?namePrefix=Mad&languageCode=de&limit=2&offset=${offset}&minPopulation=1000000`)));
    expect(paged).toEqual(list);
  });

  it('in a language we hold no place names in, the GeoNames name still comes before the alternates', async () => {
    for (const [prefix, lang, first] of [['Mad', 'nl', 'Madrid'], ['Mün', 'tr', 'Munich'], ['Ank', 'tr', 'Ankara']] as const) {
      expect(names(await geodb(`/v1/geo/cities?namePrefix=${encodeURIComponent(prefix)}&languageCode=${lang}&limit=3&sort=-population`))[0], `${prefix} ${lang}`).toBe(first);
    }
    // an exonym only an alternate name holds is still found (Dutch Keulen)
    expect(names(await geodb('/v1/geo/cities?namePrefix=Keulen&languageCode=nl&limit=10'))).toContain('Köln');
  });

  it('keeps the marks that are parts of letters in Devanagari and kana (geo schema 10)', async () => {
    const q = (prefix: string, lang: string) => geodb(`/v1/geo/cities?namePrefix=${encodeURIComponent(prefix)}&languageCode=${lang}&limit=3&sort=-population`);
    // दि (di) is not द (da): it matched every name starting with the consonant
    expect((await q('दि', 'hi')).metadata.totalCount).toBeLessThan((await q('द', 'hi')).metadata.totalCount / 2);
    expect(names(await q('मुंब', 'hi'))).toContain('Mumbai');
    // パリ (Paris) is not バリ (Bali)
    expect(names(await q('パリ', 'ja'))[0]).toBe('パリ');
    expect(names(await q('バリ', 'ja'))).not.toContain('パリ');
    // accents on Latin letters still fold: Zur finds Zürich
    expect(names(await q('Zur', 'de'))[0]).toBe('Zürich');
  });

  it('reads German umlauts spelled out, as German users type them', async () => {
    expect(names(await geodb('/v1/geo/cities?namePrefix=Koeln&languageCode=de&limit=1'))).toEqual(['Köln']);
    expect(names(await geodb('/v1/geo/cities?namePrefix=Zuerich&languageCode=de&limit=1'))).toEqual(['Zürich']);
  });

  it('a blank namePrefix is no filter, and one with no letter or digit is an empty page', async () => {
    const all = await geodb('/v1/geo/cities?limit=1');
    expect((await geodb('/v1/geo/cities?namePrefix=%20%20&limit=1')).metadata.totalCount).toBe(all.metadata.totalCount);
    for (const p of ['-', '.', '%25', "'", encodeURIComponent('€😀')]) {
      for (const path of [`/v1/geo/cities?namePrefix=${p}`, `/v1/geo/countries?namePrefix=${p}`, `/v1/geo/countries/US/regions?namePrefix=${p}`]) {
        const b = await geodb(path);
        expect(b.data, path).toEqual([]);
        expect(b.metadata.totalCount, path).toBe(0);
      }
    }
    const g = await gw.send('POST', '/graphql', { query: '{ populatedPlaces(namePrefix: "-", first: 2) { totalCount } }' }, { 'X-RapidAPI-Key': gw.key });
    expect(g.body.data.populatedPlaces.totalCount).toBe(0);
  });

  it('a single parameter given twice keeps its first value for GeoDB clients, and stays 400 for others', async () => {
    const geo = { 'X-RapidAPI-Key': gw.key, 'X-RapidAPI-Host': 'wft-geo-db.p.rapidapi.com' };
    const same = await gw.get('/v1/geo/cities?limit=2&limit=2&namePrefix=Par', geo);
    expect(same.status).toBe(200);
    expect(same.body.data).toHaveLength(2);
    expect(same.headers.get('meridian-ignored-parameters')).toBeNull();
    const other = await gw.get('/v1/geo/cities?limit=3&limit=5&sort=-population&sort=name&namePrefix=Par', geo);
    expect(other.status).toBe(200);
    expect(other.body.data).toHaveLength(3);
    expect(other.headers.get('meridian-ignored-parameters')).toBe('limit, sort');
    expect(names(other.body)[0]).toBe('Paris'); // most populous first: the first sort
    const native = await gw.get('/v1/geo/cities?limit=3&limit=5', { 'X-Gateway-Key': gw.key });
    expect(native.status).toBe(400);
    expect(native.body.errors[0].message).toMatch(/limit takes one value and was given 2 times/);
  });

  it('a repeat never decides what another client is answered: the kept answer is the first value\'s', async () => {
    const geo = { 'X-RapidAPI-Key': gw.key, 'X-RapidAPI-Host': 'wft-geo-db.p.rapidapi.com' };
    const native = { 'X-Gateway-Key': gw.key };
    const BERLIN = 2950159;
    // a GeoDB client's repeat first: the answer is German, and the plain URL (another client) is not answered from it
    const de = await gw.get(`/v1/geo/cities/${BERLIN}?languageCode=de&languageCode=fr`, geo);
    expect(de.body.data.country).toBe('Deutschland');
    for (let i = 0; i < 2; i++) expect((await gw.get(`/v1/geo/cities/${BERLIN}`, native)).body.data.country).toBe('Germany');
    expect((await gw.get(`/v1/geo/cities/${BERLIN}?languageCode=de`, native)).body.data.country).toBe('Deutschland');
    // the plain URL kept first: a GeoDB client's repeat still gets its first value's answer
    const SF = 5391959;
    expect((await gw.get(`/v1/geo/cities/${SF}`, native)).body.data.country).toBe('United States');
    expect((await gw.get(`/v1/geo/cities/${SF}?languageCode=de&languageCode=fr`, geo)).body.data.country).toBe('Vereinigte Staaten');
    // a page: the offset the GeoDB client gave first, and the plain URL keeps its first page
    const page = await gw.get('/v1/geo/cities?namePrefix=Barc&offset=40&offset=0', geo);
    expect(page.body.metadata.currentOffset).toBe(40);
    expect((await gw.get('/v1/geo/cities?namePrefix=Barc', native)).body.metadata.currentOffset).toBe(0);
    // a same-value repeat kept for a GeoDB client is still 400 for anyone else, and hateoasMode takes one value too
    expect((await gw.get('/v1/geo/cities?namePrefix=Bar&languageCode=es&languageCode=es', geo)).status).toBe(200);
    expect((await gw.get('/v1/geo/cities?namePrefix=Bar&languageCode=es&languageCode=es', native)).status).toBe(400);
    expect((await gw.get('/v1/geo/cities?namePrefix=Lond&hateoasMode=true&hateoasMode=false', native)).status).toBe(400);
    const links = await gw.get('/v1/geo/cities?namePrefix=Lond&limit=2&hateoasMode=true&hateoasMode=false', geo);
    expect(links.status).toBe(200);
    expect(links.body.links?.length).toBeGreaterThan(0);
  });
});
