/** The checked-in message and service types are what proto-loader-gen-types makes of proto/ today. */
import { describe, expect, it } from 'vitest';
import { typesDrift } from '../../proto/contract/writeTypes.js';

describe('generated contract types', () => {
  it('match a fresh generation from proto/ (run npm run proto:types after changing a .proto)', () => {
    expect(typesDrift()).toEqual([]);
  });
});
