// Rooms a newcomer can hold (issue 39): no hand-written file over 600 lines and no function over 100 without a reason
// on the allow-list (roomSizeAllowList.ts). Reads the sources with TypeScript's parser (roomSizes.ts); the generated
// folders (proto/contract/generated/, gateway/client/generated/) are not counted.
import { describe, expect, it } from 'vitest';
import { FILE_LINES, FUNCTION_LINES, longFunctions, roomSizes } from './roomSizes.js';
import { LONG_FILES, LONG_FUNCTIONS } from './roomSizeAllowList.js';

describe('room sizes', () => {
  const sizes = roomSizes();

  it(`has no hand-written file over ${FILE_LINES} lines that the allow-list does not name with a reason`, () => {
    const unlisted = [...sizes.longFiles].filter(([path]) => !(path in LONG_FILES)).map(([path, n]) => `${path} (${n} lines)`);
    expect(unlisted, 'split the file by concept, or add it to test/ship/roomSizeAllowList.ts with the reason').toEqual([]);
  });

  it(`has no function over ${FUNCTION_LINES} lines that the allow-list does not name with a reason`, () => {
    const unlisted = sizes.longFunctions.filter((f) => !(f.key in LONG_FUNCTIONS)).map((f) => `${f.key} (${f.lines} lines)`);
    expect(unlisted, 'split the function, or add it to test/ship/roomSizeAllowList.ts with the reason').toEqual([]);
  });

  it('keeps no allow-list entry that is no longer needed, and gives each a reason', () => {
    const stale = [
      ...Object.keys(LONG_FILES).filter((path) => !sizes.longFiles.has(path)),
      ...Object.keys(LONG_FUNCTIONS).filter((key) => !sizes.longFunctions.some((f) => f.key === key)),
    ];
    expect(stale, 'remove these from test/ship/roomSizeAllowList.ts').toEqual([]);
    for (const reason of [...Object.values(LONG_FILES), ...Object.values(LONG_FUNCTIONS)]) expect(reason.length).toBeGreaterThan(10);
  });

  it('measures a function from its first line to its last, methods and arrow functions by name, suites not at all', () => {
    const body = Array.from({ length: FUNCTION_LINES }, (_, i) => `  const a${i} = ${i};`).join('\n');
    const found = longFunctions('x.ts', [
      `function long() {\n${body}\n}`,
      `function short() {\n${body.split('\n').slice(2).join('\n')}\n}`,
      `class K {\n  m() {\n${body}\n  }\n}`,
      `const arrow = () => {\n${body}\n};`,
      `describe('suite', () => {\n${body}\n});`,
    ].join('\n'));
    expect(found).toEqual([
      { key: 'x.ts#long', lines: FUNCTION_LINES + 2 },
      { key: 'x.ts#K.m', lines: FUNCTION_LINES + 2 },
      { key: 'x.ts#arrow', lines: FUNCTION_LINES + 2 },
    ]);
  });
});
