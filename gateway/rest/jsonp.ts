/**
 * JSONP: `callback=name` on a GET wraps the envelope as a script. The name
 * must be a dotted JavaScript identifier path of bounded length, so nothing a
 * caller sends is ever reflected as code; the body starts with a comment
 * (`/**\/`, against content-sniffing attacks such as Rosetta Flash), U+2028 and
 * U+2029 are escaped (legal in JSON, line breaks in older JavaScript), and the
 * status is always 200 so the script runs: the real one is in `status`.
 */
import { paramInvalid } from '../httpError.js';

export const CALLBACK_MAX_LENGTH = 128;
const CALLBACK = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;
/**
 * Names that are no function to call: JavaScript's reserved words and literals (`true(…)` is a TypeError, `new(…)` a
 * syntax error), and `eval`, `__proto__`, `constructor` and `prototype` as any part of the path.
 */
const NOT_CALLABLE = new Set(('break case catch class const continue debugger default delete do else enum export extends false finally for function if '
  + 'import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package '
  + 'private protected public await arguments NaN Infinity undefined eval __proto__ constructor prototype').split(' '));

/** Returns the callback name, undefined when absent or empty, or throws PARAM_INVALID. */
export function readCallback(values: string[]): string | undefined {
  if (values.length === 0) return undefined;
  if (values.length > 1) throw paramInvalid('callback takes one value and was given several; give it once');
  const name = values[0] as string;
  if (name === '') return undefined;
  if (name.length > CALLBACK_MAX_LENGTH || !CALLBACK.test(name)) {
    throw paramInvalid(`callback must be a JavaScript identifier or dotted path such as jsonp_1 or app.onCities (letters, digits, _ and $, at most ${CALLBACK_MAX_LENGTH} characters)`);
  }
  const reserved = name.split('.').find((part) => NOT_CALLABLE.has(part));
  if (reserved !== undefined) throw paramInvalid(`callback cannot use '${reserved}', which is a JavaScript reserved word or no function to call; name your own function, such as jsonp_1`);
  return name;
}

/** Wraps an already serialised JSON envelope (an object literal ending in '}') with its status. */
export function wrapJsonp(callback: string, json: string, status: number): string {
  const body = json.length > 1 ? `${json.slice(0, -1)},"status":${status}}` : json;
  return `/**/${callback}(${body.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')});`;
}
