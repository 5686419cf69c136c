/**
 * A first-level region as a place: what locatedIn answers for a place that no second-level division holds (New York
 * City is in New York State), and what GetCity, distance, dateTime, time and the nearby lists answer for that
 * region's ids when a client asks for them again (geoService.ts regionAt).
 */
import { GeoCatalog, displayName, type Display, type Region } from './catalog.js';
import type { PlaceStore } from './placeStore.js';

/**
 * Its GeoNames id, WikiData id, name, Natural Earth label point (else its seat's coordinates), the time zone of its
 * seat (else of its most populous place), and as population the sum over its populated places in the data.
 */
export function regionAsPlace(places: PlaceStore, catalog: GeoCatalog, r: Region, d: Display) {
  const members = places.inRegion(r.countryCode, r.admin1Code);
  const seat = r.capitalId !== null ? places.indexOf(r.capitalId) : undefined;
  let top: number | undefined;
  let population = 0;
  for (const i of members) {
    if (!Number.isNaN(places.deletedAt[i]!)) continue;
    population += places.population[i]!;
    if (top === undefined || places.population[i]! > places.population[top]!) top = i;
  }
  const anchor = seat ?? top;
  const latitude = r.latitude ?? (anchor !== undefined ? places.latitude[anchor]! : 0);
  const longitude = r.longitude ?? (anchor !== undefined ? places.longitude[anchor]! : 0);
  const country = catalog.countries.get(r.countryCode);
  const name = displayName(r.names, d);
  return {
    id: r.geonamesId!, city: name, name, country: country ? displayName(country.names, d) : '', countryCode: r.countryCode,
    region: name, regionCode: GeoCatalog.regionCode(r), location: { latitude, longitude }, latitude, longitude, population,
    timezone: anchor !== undefined ? places.timeZones[anchor]! : '', deleted: false, type: 'ADM1', featureCode: 'ADM1',
    ...(r.wikiDataId ? { wikiDataId: r.wikiDataId, regionWdId: r.wikiDataId } : {}),
  };
}
