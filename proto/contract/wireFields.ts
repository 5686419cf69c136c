/**
 * Walking a protobuf message's bytes field by field without decoding it: the gateway splits place-list answers
 * into their items with it (gateway/rest/renderedItems.ts), and the core counts an exchange message's calls
 * before decoding them (exchange.ts).
 */

/**
 * The fields of a message's bytes, one at a time: `next()` reads the next field's tag and skips its value,
 * leaving `start` (where the field began), `valueAt` and `end`; false at the end or at bytes that do not
 * parse (`broken`).
 */
export class WireFields {
  start = 0;
  valueAt = 0;
  end = 0;
  tag = 0;
  broken = false;

  constructor(private readonly bytes: Uint8Array) {}

  next(): boolean {
    if (this.end >= this.bytes.length) return false;
    this.start = this.end;
    let pos = this.end;
    const tag = this.varint(pos);
    if (tag === undefined) return this.fail();
    this.tag = tag.value;
    pos = tag.next;
    const wire = this.tag & 7;
    if (wire === 0) {
      const v = this.varint(pos);
      if (v === undefined) return this.fail();
      this.valueAt = pos;
      pos = v.next;
    } else if (wire === 1 || wire === 5) {
      this.valueAt = pos;
      pos += wire === 1 ? 8 : 4;
    } else if (wire === 2) {
      const len = this.varint(pos);
      if (len === undefined) return this.fail();
      this.valueAt = len.next;
      pos = len.next + len.value;
    } else return this.fail();
    if (pos > this.bytes.length) return this.fail();
    this.end = pos;
    return true;
  }

  private fail(): false {
    this.broken = true;
    this.end = this.bytes.length;
    return false;
  }

  private varint(pos: number): { value: number; next: number } | undefined {
    let value = 0;
    let mul = 1;
    for (let i = 0; i < 10 && pos < this.bytes.length; i++) { // a uint64 takes up to 10 bytes (values past 2^53 lose precision: only tags, lengths and counts are read)
      const b = this.bytes[pos++]!;
      value += (b & 0x7f) * mul;
      if (b < 0x80) return { value, next: pos };
      mul *= 128;
    }
    return undefined;
  }
}

